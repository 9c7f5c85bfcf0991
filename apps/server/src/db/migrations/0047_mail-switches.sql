-- Governed mails: the outbox keeps whose switch a mail went under and the headers it carried
-- (List-Unsubscribe), and mail_marks records the scheduled mails already sent (once each).
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "mail_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
