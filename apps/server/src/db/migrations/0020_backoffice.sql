CREATE TABLE "credit_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"invoice_id" text,
	"operator_id" integer,
	"transaction_id" bigint,
	"recurrence" text DEFAULT 'none' NOT NULL,
	"next_run_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_actions_recurrence" CHECK ("credit_actions"."recurrence" IN ('none', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "probation_params" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_rating" integer DEFAULT 1 NOT NULL,
	"min_wordcount" integer DEFAULT 10 NOT NULL,
	"max_wordcount" integer,
	"max_years" integer DEFAULT 1 NOT NULL,
	"cat_vendors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_clients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_translators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_manager_id" integer;--> statement-breakpoint
ALTER TABLE "credit_actions" ADD CONSTRAINT "credit_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_actions" ADD CONSTRAINT "credit_actions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_actions" ADD CONSTRAINT "credit_actions_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probation_params" ADD CONSTRAINT "probation_params_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_actions_user_idx" ON "credit_actions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_actions_parent_idx" ON "credit_actions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "credit_actions_due_idx" ON "credit_actions" USING btree ("next_run_at") WHERE "credit_actions"."next_run_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_account_manager_idx" ON "users" USING btree ("account_manager_id","id");--> statement-breakpoint
INSERT INTO "probation_params" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "acl_groups" ("name", "description") VALUES
('role.finance', 'Finance: credit actions and payouts'),
('role.support', 'Support: act as users, project interventions'),
('role.moderation', 'Moderation: moderation table and vocabulary')
ON CONFLICT ("name") DO NOTHING;
