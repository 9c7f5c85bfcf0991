ALTER TABLE "account_details" ADD COLUMN "networks" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "translator_transcription_languages" (
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"start_code" text,
	"code_expires_at" timestamp with time zone,
	"chat_id" text,
	"username" text,
	"subscribed" boolean DEFAULT false NOT NULL,
	"subscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translator_transcription_languages" ADD CONSTRAINT "translator_transcription_languages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_subscriptions" ADD CONSTRAINT "telegram_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "translator_transcription_languages_uq" ON "translator_transcription_languages" USING btree ("user_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_subscriptions_code_uq" ON "telegram_subscriptions" USING btree ("start_code");
