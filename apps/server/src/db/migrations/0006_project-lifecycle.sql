CREATE TABLE "my_team_members" (
	"customer_id" integer NOT NULL,
	"translator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "my_team_members_customer_id_translator_id_pk" PRIMARY KEY("customer_id","translator_id")
);
--> statement-breakpoint
CREATE TABLE "project_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"project_id" integer NOT NULL,
	"context" text NOT NULL,
	"storage_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"reviewer_id" integer,
	"translator_id" integer,
	"kind" text NOT NULL,
	"score" integer NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_tags" (
	"project_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "project_tags_project_id_tag_pk" PRIMARY KEY("project_id","tag")
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"role" text,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_events_has_audience" CHECK ("realtime_events"."user_id" IS NOT NULL OR "realtime_events"."role" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "translator_expertises" (
	"user_id" integer NOT NULL,
	"expertise" text NOT NULL,
	CONSTRAINT "translator_expertises_user_id_expertise_pk" PRIMARY KEY("user_id","expertise")
);
--> statement-breakpoint
CREATE TABLE "translator_language_pairs" (
	"user_id" integer NOT NULL,
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"native_language" text,
	CONSTRAINT "translator_language_pairs_user_id_source_language_target_language_pk" PRIMARY KEY("user_id","source_language","target_language")
);
--> statement-breakpoint
CREATE TABLE "translator_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"vacation_from" date,
	"vacation_to" date,
	"level" smallint DEFAULT 1 NOT NULL,
	"is_editor" boolean DEFAULT false NOT NULL,
	"is_certified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "projects_customer_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "kind" text DEFAULT 'classic' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "exclusive" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "vat_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "translator_earnings_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "editor_earnings_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "translator_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "editor_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "open_to_all_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "edit_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "edit_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "earnings_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "earnings_posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status_before_hold" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rating_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "my_team_members" ADD CONSTRAINT "my_team_members_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_team_members" ADD CONSTRAINT "my_team_members_translator_id_users_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_events" ADD CONSTRAINT "project_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_events" ADD CONSTRAINT "project_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_resources" ADD CONSTRAINT "project_resources_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_resources" ADD CONSTRAINT "project_resources_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reviews" ADD CONSTRAINT "project_reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reviews" ADD CONSTRAINT "project_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reviews" ADD CONSTRAINT "project_reviews_translator_id_users_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tags" ADD CONSTRAINT "project_tags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translator_expertises" ADD CONSTRAINT "translator_expertises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translator_language_pairs" ADD CONSTRAINT "translator_language_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translator_profiles" ADD CONSTRAINT "translator_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "my_team_members_translator_idx" ON "my_team_members" USING btree ("translator_id");--> statement-breakpoint
CREATE INDEX "project_events_project_idx" ON "project_events" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "project_messages_project_idx" ON "project_messages" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_resources_uuid_uq" ON "project_resources" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "project_resources_project_idx" ON "project_resources" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_reviews_project_idx" ON "project_reviews" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_reviews_translator_idx" ON "project_reviews" USING btree ("translator_id","kind","id");--> statement-breakpoint
CREATE INDEX "project_reviews_reviewer_idx" ON "project_reviews" USING btree ("reviewer_id","kind","id");--> statement-breakpoint
CREATE INDEX "project_tags_tag_idx" ON "project_tags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "realtime_events_user_idx" ON "realtime_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "realtime_events_role_idx" ON "realtime_events" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "translator_language_pairs_pair_idx" ON "translator_language_pairs" USING btree ("source_language","target_language");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_translator_id_users_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_customer_status_idx" ON "projects" USING btree ("customer_id","status","id");--> statement-breakpoint
CREATE INDEX "projects_translator_idx" ON "projects" USING btree ("translator_id","id");--> statement-breakpoint
CREATE INDEX "projects_editor_idx" ON "projects" USING btree ("editor_id","id");--> statement-breakpoint
CREATE INDEX "projects_open_pair_idx" ON "projects" USING btree ("status","source_language","target_language");--> statement-breakpoint
CREATE INDEX "projects_deadline_idx" ON "projects" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("customer_id","id");