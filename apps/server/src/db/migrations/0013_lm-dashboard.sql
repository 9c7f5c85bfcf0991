ALTER TABLE "projects" ADD COLUMN "qa_score" smallint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ll_score" smallint;--> statement-breakpoint
CREATE INDEX "project_reviews_kind_score_idx" ON "project_reviews" USING btree ("kind","score","project_id");--> statement-breakpoint
CREATE INDEX "projects_lm_open_idx" ON "projects" USING btree ("created_at","kind","deadline","source_language","target_language","customer_id","open_to_all_at","need_proofreading","type","id") WHERE "projects"."status" = 'PENDING' AND "projects"."translator_id" IS NULL;--> statement-breakpoint
CREATE INDEX "projects_lm_status_idx" ON "projects" USING btree ("status","created_at","kind","source_language","target_language","customer_id","open_to_all_at","need_proofreading","type");--> statement-breakpoint
CREATE INDEX "projects_low_qa_idx" ON "projects" USING btree ("created_at","kind","source_language","target_language","customer_id","open_to_all_at","need_proofreading","type") WHERE "projects"."qa_score" < 800;--> statement-breakpoint
CREATE INDEX "projects_low_ll_idx" ON "projects" USING btree ("created_at","kind","source_language","target_language","customer_id","open_to_all_at","need_proofreading","type") WHERE "projects"."ll_score" < 800;--> statement-breakpoint
CREATE INDEX "projects_low_rating_idx" ON "projects" USING btree ("rated_at","id") WHERE "projects"."rating" <= 3;--> statement-breakpoint
CREATE INDEX "projects_delivered_idx" ON "projects" USING btree ("delivered_at") WHERE "projects"."delivered_at" IS NOT NULL;--> statement-breakpoint
-- The lowest QA and LL score of each project, kept in the same transaction as every review change,
-- so that the low-QA and low-LL tiles count an index instead of joining every project to its reviews.
CREATE OR REPLACE FUNCTION projects_keep_review_scores() RETURNS trigger AS $$
DECLARE
  pid integer;
BEGIN
  FOR pid IN
    SELECT DISTINCT x FROM (VALUES (CASE WHEN TG_OP <> 'INSERT' THEN OLD.project_id END),
                                   (CASE WHEN TG_OP <> 'DELETE' THEN NEW.project_id END)) v(x)
    WHERE x IS NOT NULL
  LOOP
    UPDATE projects SET
      qa_score = (SELECT min(score) FROM project_reviews WHERE project_id = pid AND kind = 'qa'),
      ll_score = (SELECT min(score) FROM project_reviews WHERE project_id = pid AND kind = 'll')
    WHERE id = pid;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER project_reviews_keep_scores
  AFTER INSERT OR UPDATE OF score, kind, project_id OR DELETE ON project_reviews
  FOR EACH ROW EXECUTE FUNCTION projects_keep_review_scores();
--> statement-breakpoint
UPDATE projects p SET qa_score = r.qa, ll_score = r.ll
FROM (
  SELECT project_id, min(score) FILTER (WHERE kind = 'qa') AS qa, min(score) FILTER (WHERE kind = 'll') AS ll
  FROM project_reviews GROUP BY project_id
) r
WHERE p.id = r.project_id;
