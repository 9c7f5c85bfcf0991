-- The payout sandbox keeps its items in the database (a restart or a second instance never loses an
-- in-flight payout), and the payout providers' webhook events are stored by id, so each is applied once.
CREATE TABLE "payout_sandbox_items" (
	"ref" text PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"method" text NOT NULL,
	"account" text NOT NULL,
	"net_credits" bigint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_sandbox_items_request_uq" ON "payout_sandbox_items" USING btree ("request_id");--> statement-breakpoint
CREATE TABLE "payout_provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"request_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_provider_events_pk" PRIMARY KEY("provider","event_id")
);
