-- What reading a job's delivered files (a delivery of files, not from the editor) gave, stored when
-- they are delivered: the newest delivered file read, and whether a file could not be read into
-- segments. Opening the job then reads this row instead of the files; a file that could not be read
-- is never tried again for the same delivery.
CREATE TABLE "workbench_delivered_reads" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"unreadable" boolean NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workbench_delivered_reads" ADD CONSTRAINT "workbench_delivered_reads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
