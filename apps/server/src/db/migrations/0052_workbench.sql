CREATE TABLE "workbench_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"output" text NOT NULL,
	"segment_count" integer NOT NULL,
	"words" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbench_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"segment_key" text NOT NULL,
	"source" text NOT NULL,
	"tags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"words" integer NOT NULL,
	"repetition_key" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"origin" text,
	"match_percent" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"machine_target" text,
	"machine_engine" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "segment_annotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"segment_id" bigint NOT NULL,
	"job_id" integer NOT NULL,
	"author_id" integer,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workbench_documents" ADD CONSTRAINT "workbench_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_segments" ADD CONSTRAINT "workbench_segments_document_id_workbench_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."workbench_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_segments" ADD CONSTRAINT "workbench_segments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_segments" ADD CONSTRAINT "workbench_segments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_annotations" ADD CONSTRAINT "segment_annotations_segment_id_workbench_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."workbench_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_annotations" ADD CONSTRAINT "segment_annotations_job_id_projects_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_annotations" ADD CONSTRAINT "segment_annotations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workbench_documents_file_uq" ON "workbench_documents" USING btree ("project_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workbench_segments_ordinal_uq" ON "workbench_segments" USING btree ("project_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "workbench_segments_key_uq" ON "workbench_segments" USING btree ("document_id","segment_key");--> statement-breakpoint
CREATE INDEX "workbench_segments_repetition_idx" ON "workbench_segments" USING btree ("project_id","repetition_key");--> statement-breakpoint
CREATE INDEX "segment_annotations_job_idx" ON "segment_annotations" USING btree ("job_id","segment_id");--> statement-breakpoint
CREATE INDEX "segment_annotations_segment_idx" ON "segment_annotations" USING btree ("segment_id");
