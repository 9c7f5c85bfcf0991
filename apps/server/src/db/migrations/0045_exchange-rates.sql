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
