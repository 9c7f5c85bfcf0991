CREATE TABLE "project_status_counts" (
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_status_counts_customer_id_status_pk" PRIMARY KEY("customer_id","status"),
	CONSTRAINT "project_status_counts_n_non_negative" CHECK ("project_status_counts"."n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "project_status_counts" ADD CONSTRAINT "project_status_counts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept in the same transaction as every change of a project's status or customer. The two rows a
-- move touches are locked in the order of their status names, so two opposite moves of one
-- customer's projects cannot deadlock.
CREATE FUNCTION project_status_counts_apply(customer integer, st text, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF delta < 0 THEN
    -- no row: the customer is being deleted and its counts went first (ON DELETE CASCADE)
    UPDATE project_status_counts SET n = n + delta WHERE customer_id = customer AND status = st;
  ELSE
    INSERT INTO project_status_counts (customer_id, status, n) VALUES (customer, st, delta)
    ON CONFLICT (customer_id, status) DO UPDATE SET n = project_status_counts.n + delta;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION project_status_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM project_status_counts_apply(NEW.customer_id, NEW.status, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM project_status_counts_apply(OLD.customer_id, OLD.status, -1);
  ELSIF OLD.status IS DISTINCT FROM NEW.status OR OLD.customer_id IS DISTINCT FROM NEW.customer_id THEN
    IF OLD.status <= NEW.status THEN
      PERFORM project_status_counts_apply(OLD.customer_id, OLD.status, -1);
      PERFORM project_status_counts_apply(NEW.customer_id, NEW.status, 1);
    ELSE
      PERFORM project_status_counts_apply(NEW.customer_id, NEW.status, 1);
      PERFORM project_status_counts_apply(OLD.customer_id, OLD.status, -1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_status_counts AFTER INSERT OR DELETE OR UPDATE OF status, customer_id ON projects
  FOR EACH ROW EXECUTE FUNCTION project_status_counts_track();
--> statement-breakpoint
INSERT INTO project_status_counts (customer_id, status, n)
  SELECT customer_id, status, count(*)::integer FROM projects GROUP BY customer_id, status;
