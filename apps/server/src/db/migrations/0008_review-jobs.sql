ALTER TABLE "project_reviews" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "reviewed_project_id" integer;--> statement-breakpoint
ALTER TABLE "project_reviews" ADD CONSTRAINT "project_reviews_job_id_projects_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_reviewed_project_id_projects_id_fk" FOREIGN KEY ("reviewed_project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_reviews_job_uq" ON "project_reviews" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "projects_reviewed_project_idx" ON "projects" USING btree ("reviewed_project_id");