CREATE TABLE "terminology_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source_lang_id" integer NOT NULL,
	"target_lang_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"term_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminology_terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "glossary_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"storage_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tm_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"unit_count" integer NOT NULL,
	"languages" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tm_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"unit_no" integer NOT NULL,
	"lang" text NOT NULL,
	"content" text NOT NULL,
	"plain" text NOT NULL,
	"norm" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tm_share_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tm_share_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tm_share_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "terminology_sets" ADD CONSTRAINT "terminology_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminology_sets" ADD CONSTRAINT "terminology_sets_source_lang_id_languages_id_fk" FOREIGN KEY ("source_lang_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminology_sets" ADD CONSTRAINT "terminology_sets_target_lang_id_languages_id_fk" FOREIGN KEY ("target_lang_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminology_terms" ADD CONSTRAINT "terminology_terms_set_id_terminology_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."terminology_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_files" ADD CONSTRAINT "glossary_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_imports" ADD CONSTRAINT "tm_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_segments" ADD CONSTRAINT "tm_segments_import_id_tm_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."tm_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_share_groups" ADD CONSTRAINT "tm_share_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_share_members" ADD CONSTRAINT "tm_share_members_group_id_tm_share_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tm_share_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_share_members" ADD CONSTRAINT "tm_share_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminology_sets_pair_uq" ON "terminology_sets" USING btree ("user_id","source_lang_id","target_lang_id");--> statement-breakpoint
CREATE INDEX "terminology_terms_set_idx" ON "terminology_terms" USING btree ("set_id","position");--> statement-breakpoint
CREATE INDEX "glossary_files_user_idx" ON "glossary_files" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "tm_imports_user_idx" ON "tm_imports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "tm_segments_unit_idx" ON "tm_segments" USING btree ("import_id","unit_no");--> statement-breakpoint
CREATE INDEX "tm_segments_search_idx" ON "tm_segments" USING btree ("user_id","lang","norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tm_share_groups_owner_idx" ON "tm_share_groups" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "tm_share_members_user_idx" ON "tm_share_members" USING btree ("user_id");
