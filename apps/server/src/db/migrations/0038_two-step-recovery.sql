-- Two-step login that holds: single-use recovery codes (only their SHA-256), and a pending second
-- secret while the user moves to a new authenticator app (spec: reset with old and new codes); and
-- the count of wrong two-step codes given with a password link (the link is spent at the limit).
CREATE TABLE "two_factor_recovery_codes" (
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;

