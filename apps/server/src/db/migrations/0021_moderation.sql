CREATE TABLE "moderation_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"moderation_id" bigint NOT NULL,
	"status" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_vocabulary_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"language_id" integer NOT NULL,
	"word" text NOT NULL,
	"word_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"message_ref" text NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"project_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
ALTER TABLE "project_messages" ADD COLUMN "moderation_status" text;--> statement-breakpoint
ALTER TABLE "moderation_history" ADD CONSTRAINT "moderation_history_moderation_id_moderations_id_fk" FOREIGN KEY ("moderation_id") REFERENCES "public"."moderations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_history" ADD CONSTRAINT "moderation_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_words" ADD CONSTRAINT "moderation_words_language_id_moderation_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."moderation_languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderations" ADD CONSTRAINT "moderations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderations" ADD CONSTRAINT "moderations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_history_moderation_idx" ON "moderation_history" USING btree ("moderation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_languages_name_key_idx" ON "moderation_languages" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_words_language_key_idx" ON "moderation_words" USING btree ("language_id","word_key");--> statement-breakpoint
CREATE INDEX "moderation_words_language_idx" ON "moderation_words" USING btree ("language_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderations_source_ref_idx" ON "moderations" USING btree ("source","message_ref");--> statement-breakpoint
CREATE INDEX "moderations_status_created_idx" ON "moderations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "moderations_created_idx" ON "moderations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "moderations_author_idx" ON "moderations" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "moderations_title_idx" ON "moderations" USING btree (lower("title"));--> statement-breakpoint
INSERT INTO "moderation_vocabulary_version" ("id", "stamp") VALUES (1, 'initial');--> statement-breakpoint
CREATE INDEX "moderations_language_idx" ON "moderations" USING btree (lower("language"));--> statement-breakpoint
CREATE INDEX "project_messages_moderation_idx" ON "project_messages" USING btree ("project_id") WHERE "moderation_status" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "acl_groups" ("name", "description") VALUES ('role.moderation', 'Moderation and vocabulary') ON CONFLICT ("name") DO NOTHING;
