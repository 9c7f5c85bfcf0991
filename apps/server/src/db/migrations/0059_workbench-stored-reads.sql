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
--> statement-breakpoint
ALTER TABLE "workbench_documents" ADD COLUMN "reviewed_segments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The reviewed segments counted beside the confirmed and draft ones (migration 0054), so that the
-- open answers the count of every status for the whole job from a row per document, before the
-- editor has read the job's later pages.
CREATE OR REPLACE FUNCTION workbench_progress_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE workbench_documents d SET
        confirmed_segments = d.confirmed_segments + m.cs,
        confirmed_words = d.confirmed_words + m.cw,
        draft_segments = d.draft_segments + m.ds,
        reviewed_segments = d.reviewed_segments + m.rs
      FROM (
        SELECT document_id,
          (count(*) FILTER (WHERE status IN ('translated', 'reviewed')))::integer AS cs,
          (coalesce(sum(words) FILTER (WHERE status IN ('translated', 'reviewed')), 0))::integer AS cw,
          (count(*) FILTER (WHERE status = 'draft'))::integer AS ds,
          (count(*) FILTER (WHERE status = 'reviewed'))::integer AS rs
        FROM new_rows WHERE status <> 'new' GROUP BY document_id ORDER BY document_id
      ) m
      WHERE d.id = m.document_id;
  ELSE
    UPDATE workbench_documents d SET
        confirmed_segments = d.confirmed_segments + m.cs,
        confirmed_words = d.confirmed_words + m.cw,
        draft_segments = d.draft_segments + m.ds,
        reviewed_segments = d.reviewed_segments + m.rs
      FROM (
        SELECT document_id, sum(cs)::integer AS cs, sum(cw)::integer AS cw, sum(ds)::integer AS ds,
          sum(rs)::integer AS rs FROM (
          SELECT n.document_id,
            (CASE WHEN n.status IN ('translated', 'reviewed') THEN 1 ELSE 0 END)
              - (CASE WHEN o.status IN ('translated', 'reviewed') THEN 1 ELSE 0 END) AS cs,
            (CASE WHEN n.status IN ('translated', 'reviewed') THEN n.words ELSE 0 END)
              - (CASE WHEN o.status IN ('translated', 'reviewed') THEN o.words ELSE 0 END) AS cw,
            (CASE WHEN n.status = 'draft' THEN 1 ELSE 0 END) - (CASE WHEN o.status = 'draft' THEN 1 ELSE 0 END) AS ds,
            (CASE WHEN n.status = 'reviewed' THEN 1 ELSE 0 END) - (CASE WHEN o.status = 'reviewed' THEN 1 ELSE 0 END) AS rs
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE o.status IS DISTINCT FROM n.status OR o.words IS DISTINCT FROM n.words
        ) moves GROUP BY document_id ORDER BY document_id
      ) m
      WHERE d.id = m.document_id AND (m.cs <> 0 OR m.cw <> 0 OR m.ds <> 0 OR m.rs <> 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE workbench_documents d SET reviewed_segments = m.rs
  FROM (
    SELECT document_id, (count(*) FILTER (WHERE status = 'reviewed'))::integer AS rs
    FROM workbench_segments GROUP BY document_id
  ) m
  WHERE d.id = m.document_id AND m.rs > 0;
