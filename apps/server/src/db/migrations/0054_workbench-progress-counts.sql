ALTER TABLE "workbench_documents" ADD COLUMN "confirmed_segments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workbench_documents" ADD COLUMN "confirmed_words" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workbench_documents" ADD COLUMN "draft_segments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A job's progress (confirmed and draft segments, confirmed words) kept on its documents by the
-- statements that change segments, so that a save answers it from a row per document instead of an
-- aggregate over every segment of the job. Once per statement: a first open's bulk insert or a
-- repetition fill is one aggregate, not one update per row. Rows are written sorted by document.
CREATE FUNCTION workbench_progress_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE workbench_documents d SET
        confirmed_segments = d.confirmed_segments + m.cs,
        confirmed_words = d.confirmed_words + m.cw,
        draft_segments = d.draft_segments + m.ds
      FROM (
        SELECT document_id,
          (count(*) FILTER (WHERE status IN ('translated', 'reviewed')))::integer AS cs,
          (coalesce(sum(words) FILTER (WHERE status IN ('translated', 'reviewed')), 0))::integer AS cw,
          (count(*) FILTER (WHERE status = 'draft'))::integer AS ds
        FROM new_rows WHERE status <> 'new' GROUP BY document_id ORDER BY document_id
      ) m
      WHERE d.id = m.document_id;
  ELSE
    UPDATE workbench_documents d SET
        confirmed_segments = d.confirmed_segments + m.cs,
        confirmed_words = d.confirmed_words + m.cw,
        draft_segments = d.draft_segments + m.ds
      FROM (
        SELECT document_id, sum(cs)::integer AS cs, sum(cw)::integer AS cw, sum(ds)::integer AS ds FROM (
          SELECT n.document_id,
            (CASE WHEN n.status IN ('translated', 'reviewed') THEN 1 ELSE 0 END)
              - (CASE WHEN o.status IN ('translated', 'reviewed') THEN 1 ELSE 0 END) AS cs,
            (CASE WHEN n.status IN ('translated', 'reviewed') THEN n.words ELSE 0 END)
              - (CASE WHEN o.status IN ('translated', 'reviewed') THEN o.words ELSE 0 END) AS cw,
            (CASE WHEN n.status = 'draft' THEN 1 ELSE 0 END) - (CASE WHEN o.status = 'draft' THEN 1 ELSE 0 END) AS ds
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE o.status IS DISTINCT FROM n.status OR o.words IS DISTINCT FROM n.words
        ) moves GROUP BY document_id ORDER BY document_id
      ) m
      WHERE d.id = m.document_id AND (m.cs <> 0 OR m.cw <> 0 OR m.ds <> 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workbench_segments_progress_insert AFTER INSERT ON workbench_segments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workbench_progress_add();
--> statement-breakpoint
CREATE TRIGGER workbench_segments_progress_update AFTER UPDATE ON workbench_segments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workbench_progress_add();
--> statement-breakpoint
UPDATE workbench_documents d SET
    confirmed_segments = m.cs, confirmed_words = m.cw, draft_segments = m.ds
  FROM (
    SELECT document_id,
      (count(*) FILTER (WHERE status IN ('translated', 'reviewed')))::integer AS cs,
      (coalesce(sum(words) FILTER (WHERE status IN ('translated', 'reviewed')), 0))::integer AS cw,
      (count(*) FILTER (WHERE status = 'draft'))::integer AS ds
    FROM workbench_segments GROUP BY document_id
  ) m
  WHERE d.id = m.document_id;
