CREATE TABLE "project_status_counts" (
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_status_counts_customer_id_status_pk" PRIMARY KEY("customer_id","status")
);
--> statement-breakpoint
ALTER TABLE "project_status_counts" ADD CONSTRAINT "project_status_counts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept in the same transaction as every insert, delete and change of a project's status or customer,
-- once per statement (a bulk insert of 100,000 projects is one aggregate, not 100,000 upserts). The
-- rows a statement touches are written in one statement sorted by (customer, status), so two
-- opposite moves of one customer's projects cannot deadlock.
CREATE FUNCTION project_status_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_status_counts (customer_id, status, n)
      SELECT customer_id, status, count(*)::integer FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (customer_id, status) DO UPDATE SET n = project_status_counts.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    -- no row: the customer is being deleted and its counts went first (ON DELETE CASCADE)
    UPDATE project_status_counts c SET n = c.n - d.k
      FROM (SELECT customer_id, status, count(*)::integer AS k FROM old_rows GROUP BY 1, 2) d
      WHERE c.customer_id = d.customer_id AND c.status = d.status;
  ELSE
    INSERT INTO project_status_counts (customer_id, status, n)
      SELECT customer_id, status, sum(k)::integer FROM (
        SELECT n.customer_id, n.status, 1 AS k FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE o.status IS DISTINCT FROM n.status OR o.customer_id IS DISTINCT FROM n.customer_id
        UNION ALL
        SELECT o.customer_id, o.status, -1 AS k FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE o.status IS DISTINCT FROM n.status OR o.customer_id IS DISTINCT FROM n.customer_id
      ) moves GROUP BY 1, 2 HAVING sum(k) <> 0 ORDER BY 1, 2
    ON CONFLICT (customer_id, status) DO UPDATE SET n = project_status_counts.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_status_counts_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_status_counts_add();
--> statement-breakpoint
CREATE TRIGGER projects_status_counts_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_status_counts_add();
--> statement-breakpoint
CREATE TRIGGER projects_status_counts_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_status_counts_add();
--> statement-breakpoint
INSERT INTO project_status_counts (customer_id, status, n)
  SELECT customer_id, status, count(*)::integer FROM projects GROUP BY customer_id, status;
