ALTER TABLE "translator_profiles" ADD COLUMN "level_params" jsonb;--> statement-breakpoint
ALTER TABLE "translator_profiles" ADD COLUMN "level_computed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "leveling_contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"translator_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"attribute" text NOT NULL,
	"entity_id" integer NOT NULL,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leveling_contests" ADD CONSTRAINT "leveling_contests_translator_id_users_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leveling_contests" ADD CONSTRAINT "leveling_contests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leveling_contests" ADD CONSTRAINT "leveling_contests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leveling_contests_entity_uq" ON "leveling_contests" USING btree ("translator_id","attribute","entity_id");--> statement-breakpoint
CREATE INDEX "leveling_contests_status_idx" ON "leveling_contests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_completed_translator_idx" ON "projects" USING btree ("translator_id","completed_at") WHERE "completed_at" IS NOT NULL;
