-- Card processors: which processor holds a payment and its PaymentIntent, how much of it went back
-- to the card (refunds) or was reversed at the processor (refunds and disputes made there), the
-- processor's customer of a saved card, the refunds to a card, and
-- the processor's webhook events (each accepted once).
ALTER TABLE "payments" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_intent" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversals_within" CHECK ("payments"."refunded_credits" >= 0 AND "payments"."disputed_credits" >= 0 AND "payments"."refunded_credits" + "payments"."disputed_credits" <= "payments"."amount_credits" + "payments"."vat_credits");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_intent_uq" ON "payments" USING btree ("provider","provider_intent") WHERE "payments"."provider_intent" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "provider_customer" text;--> statement-breakpoint
CREATE TABLE "card_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"payment_id" integer NOT NULL,
	"project_id" integer,
	"amount_credits" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_refunds_key_unique" UNIQUE("key"),
	CONSTRAINT "card_refunds_amount_positive" CHECK ("card_refunds"."amount_credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_project_uq" ON "card_refunds" USING btree ("project_id") WHERE "card_refunds"."project_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "card_refunds_status_idx" ON "card_refunds" USING btree ("status");--> statement-breakpoint
CREATE TABLE "processor_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
