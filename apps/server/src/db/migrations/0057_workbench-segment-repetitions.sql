ALTER TABLE "workbench_segments" ADD COLUMN "repetitions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- How many other segments of the job have the same source, counted when the job's segments are
-- stored: confirming a segment with none skips the repetitions' UPDATE. Jobs opened before this
-- migration are counted here once.
UPDATE "workbench_segments" s SET "repetitions" = c.n - 1
  FROM (
    SELECT "project_id", "source", count(*)::integer AS n FROM "workbench_segments"
    GROUP BY "project_id", "source" HAVING count(*) > 1
  ) c
  WHERE s."project_id" = c."project_id" AND s."source" = c."source";
