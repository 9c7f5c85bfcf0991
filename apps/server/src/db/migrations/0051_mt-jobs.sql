CREATE TABLE "mt_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"engine" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"segments_done" integer DEFAULT 0 NOT NULL,
	"segments_total" integer DEFAULT 0 NOT NULL,
	"words_done" integer DEFAULT 0 NOT NULL,
	"words_total" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mt_jobs" ADD CONSTRAINT "mt_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mt_jobs_project_uq" ON "mt_jobs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "mt_jobs_due_idx" ON "mt_jobs" USING btree ("state","next_attempt_at");
