CREATE TABLE "disputed_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"segment_id" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disputed_segments" ADD CONSTRAINT "disputed_segments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputed_segments" ADD CONSTRAINT "disputed_segments_segment_id_workbench_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."workbench_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputed_segments_segment_uq" ON "disputed_segments" USING btree ("project_id","segment_id");
