CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_code" text NOT NULL,
	"rate_micros" bigint NOT NULL,
	"rate_date" date NOT NULL,
	"source" text NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate_micros" > 0),
	CONSTRAINT "exchange_rates_source_known" CHECK ("exchange_rates"."source" IN ('seed', 'ecb', 'finance')),
	CONSTRAINT "exchange_rates_finance_has_setter" CHECK (("exchange_rates"."source" = 'finance') = ("exchange_rates"."set_by" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_date_idx" ON "exchange_rates" USING btree ("currency_code","rate_date","created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_published_uq" ON "exchange_rates" USING btree ("currency_code","rate_date","source") WHERE "exchange_rates"."source" <> 'finance';
--> statement-breakpoint
INSERT INTO "exchange_rates" ("currency_code", "rate_micros", "rate_date", "source")
SELECT "code", "rate_micros", DATE '2026-01-01', 'seed' FROM "currencies";
--> statement-breakpoint
ALTER TABLE "currencies" DROP COLUMN "rate_micros";
--> statement-breakpoint
CREATE TABLE "partner_commissions" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"base_credits" bigint NOT NULL,
	"basis_points" integer NOT NULL,
	"commission_credits" bigint NOT NULL,
	"status" text NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_commissions_status_known" CHECK ("partner_commissions"."status" IN ('credited', 'none', 'before')),
	CONSTRAINT "partner_commissions_credited_has_entry" CHECK (("partner_commissions"."status" = 'credited') = ("partner_commissions"."ledger_transaction_id" IS NOT NULL)),
	CONSTRAINT "partner_commissions_amounts" CHECK ("partner_commissions"."base_credits" >= 0 AND "partner_commissions"."commission_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "partner_commissions_partner_created_idx" ON "partner_commissions" USING btree ("partner_id","created_at");
--> statement-breakpoint
-- projects that cleared before commissions were credited: finance settled those by hand (ADR 0082), never again here
INSERT INTO "partner_commissions" ("project_id", "partner_id", "customer_id", "base_credits", "basis_points", "commission_credits", "status")
SELECT p."id", r."referrer_id", p."customer_id", 0, 0, 0, 'before'
FROM "projects" p JOIN "referrals" r ON r."referred_id" = p."customer_id"
WHERE p."status" = 'COMPLETED';
