-- Invoices, receipts and credit notes (ADR 0047): each document type has its own number series,
-- sequential and gap-free per year, taken from a counter row in the transaction that issues the
-- document (a rolled-back payment rolls its number back too). Buying credits gets a receipt (no VAT
-- is charged on credits, ADR 0020); paying an order gets the invoice; a refund gets a credit note
-- that names the invoice it corrects.
ALTER TABLE "invoices" ADD COLUMN "document_type" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "corrects_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_document_type_check" CHECK ("document_type" IN ('invoice', 'receipt', 'credit_note'));--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_project_idx" ON "invoices" ("project_id") WHERE "document_type" = 'credit_note';--> statement-breakpoint
UPDATE "invoices" SET "document_type" = 'receipt' WHERE "kind" = 'credits';--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	"last_issued_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- The numbers issued so far came from one sequence shared by both kinds, in insertion order: give
-- every document its place in its own series by date, then start the counters after them.
UPDATE "invoices" SET "number" = 'renumbering-' || "id";--> statement-breakpoint
UPDATE "invoices" AS i SET "number" = r."prefix" || '-' || r."year" || '-' || lpad(r."n"::text, 6, '0')
FROM (
	SELECT "id",
		CASE "document_type" WHEN 'receipt' THEN 'RCT' WHEN 'credit_note' THEN 'CN' ELSE 'PAR' END AS "prefix",
		extract(year FROM "created_at" AT TIME ZONE 'UTC')::int AS "year",
		row_number() OVER (
			PARTITION BY "document_type", extract(year FROM "created_at" AT TIME ZONE 'UTC')
			ORDER BY "created_at", "id"
		) AS "n"
	FROM "invoices"
) AS r
WHERE i."id" = r."id";--> statement-breakpoint
INSERT INTO "document_counters" ("series", "last_number", "last_issued_at")
SELECT split_part("number", '-', 1) || '-' || split_part("number", '-', 2), count(*)::int, max("created_at")
FROM "invoices"
GROUP BY split_part("number", '-', 1) || '-' || split_part("number", '-', 2);--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";
