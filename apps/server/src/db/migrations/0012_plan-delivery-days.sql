-- Each plan's own delivery time: plans with more work per word take longer than a
-- translation; Urgent Translation halves the standard time in the price rules (price-order.ts).
UPDATE "prices" SET "days_per_2000_words" = 2 WHERE "project_type" IN ('translation-editing', 'website-localization', 'excel-combo', 'transcription', 'seo-translation');--> statement-breakpoint
UPDATE "prices" SET "days_per_2000_words" = 3 WHERE "project_type" = 'enterprise-quality';
--> statement-breakpoint
-- The price before coupons: earnings are shares of it; null (projects paid before, and
-- projects without a coupon) means the price itself.
ALTER TABLE "projects" ADD COLUMN "list_price_credits" bigint;
