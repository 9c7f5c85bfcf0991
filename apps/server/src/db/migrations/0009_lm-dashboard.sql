CREATE INDEX "project_reviews_kind_score_idx" ON "project_reviews" USING btree ("kind","score","project_id");--> statement-breakpoint
CREATE INDEX "projects_lm_open_created_idx" ON "projects" USING btree ("created_at","id") WHERE "projects"."status" = 'PENDING' AND "projects"."translator_id" IS NULL;--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_low_rating_idx" ON "projects" USING btree ("rated_at") WHERE "projects"."rating" <= 3;--> statement-breakpoint
CREATE INDEX "projects_delivered_idx" ON "projects" USING btree ("delivered_at") WHERE "projects"."delivered_at" IS NOT NULL;