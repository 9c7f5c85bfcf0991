CREATE INDEX "projects_customer_deadline_idx" ON "projects" USING btree ("customer_id","deadline","id");--> statement-breakpoint
CREATE INDEX "projects_customer_created_idx" ON "projects" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_kind_status_idx" ON "projects" USING btree ("kind","status","id");