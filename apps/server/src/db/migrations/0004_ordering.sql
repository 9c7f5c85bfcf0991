CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_info" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"vat_id" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text,
	"company" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_coupons" (
	"user_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_coupons_user_id_coupon_id_pk" PRIMARY KEY("user_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invoice_id" integer,
	"discount_credits" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_credits" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_value_positive" CHECK ("coupons"."value" > 0),
	CONSTRAINT "coupons_uses_within_max" CHECK ("coupons"."max_uses" IS NULL OR "coupons"."uses" <= "coupons"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_credits" bigint NOT NULL,
	"discount_credits" bigint DEFAULT 0 NOT NULL,
	"vat_credits" bigint DEFAULT 0 NOT NULL,
	"total_credits" bigint NOT NULL,
	"billing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_options" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"basis_points" integer DEFAULT 0 NOT NULL,
	"flat_credits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_credits" bigint NOT NULL,
	"vat_credits" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"card_brand" text,
	"card_last4" text,
	"failure_reason" text,
	"idempotency_key" text,
	"ledger_transaction_id" bigint,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_key_unique" UNIQUE("key"),
	CONSTRAINT "payments_user_idempotency_uq" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_type" text NOT NULL,
	"expertise_tier" integer NOT NULL,
	"pair_tier" integer NOT NULL,
	"millicredits_per_word" integer NOT NULL,
	"minimum_credits" integer NOT NULL,
	"days_per_2000_words" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "prices_type_tiers_uq" UNIQUE("project_type","expertise_tier","pair_tier"),
	CONSTRAINT "prices_positive" CHECK ("prices"."millicredits_per_word" > 0 AND "prices"."minimum_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"storage_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"words" integer,
	"context" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"customer_id" integer,
	"guest_token_hash" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"project_type" text DEFAULT 'translation' NOT NULL,
	"name" text,
	"source_language" text,
	"target_languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expertise" text,
	"word_count" integer DEFAULT 0 NOT NULL,
	"word_count_source" text,
	"entry_type" text,
	"materials_option" text,
	"pasted_text" text,
	"url" text,
	"need_proofreading" boolean DEFAULT false NOT NULL,
	"expedite" boolean DEFAULT false NOT NULL,
	"certificate" boolean DEFAULT false NOT NULL,
	"brief" text,
	"translation_category" text,
	"mt_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step" text,
	"quoted_credits" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "purchase_orders_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "type" text DEFAULT 'translation' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "purchase_order_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "source_language" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "target_language" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "expertise" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "need_proofreading" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "expedite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "certificate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "brief" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "translation_category" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "price_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ledger_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "expertises" ADD COLUMN "price_tier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "price_tier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_info" ADD CONSTRAINT "billing_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_files" ADD CONSTRAINT "purchase_order_files_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_uq" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "invoices_user_created_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "purchase_order_files_po_idx" ON "purchase_order_files" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_customer_status_idx" ON "purchase_orders" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_guest_idx" ON "purchase_orders" USING btree ("guest_token_hash");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "projects_po_idx" ON "projects" USING btree ("purchase_order_id");