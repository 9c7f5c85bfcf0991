-- Each plan's own delivery time (issue 10): plans with more work per word take longer than a
-- translation; Urgent Translation halves the standard time in the price rules (price-order.ts).
UPDATE "prices" SET "days_per_2000_words" = 2 WHERE "project_type" IN ('translation-editing', 'website-localization', 'excel-combo', 'transcription', 'seo-translation');--> statement-breakpoint
UPDATE "prices" SET "days_per_2000_words" = 3 WHERE "project_type" = 'enterprise-quality';
