CREATE TABLE "voice_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"storage_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_samples" ADD CONSTRAINT "voice_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "voice_samples" ADD CONSTRAINT "voice_samples_language_languages_slug_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("slug") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "voice_samples_user_language_uq" ON "voice_samples" USING btree ("user_id","language");
--> statement-breakpoint
CREATE INDEX "voice_samples_language_idx" ON "voice_samples" USING btree ("language","created_at","id");
--> statement-breakpoint
CREATE INDEX "voice_samples_created_idx" ON "voice_samples" USING btree ("created_at","id");
