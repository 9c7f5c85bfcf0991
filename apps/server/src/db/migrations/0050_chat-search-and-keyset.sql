-- Team chat at scale: a per-chat message number for page addressing, stored search documents with
-- GIN indexes, and the chat list's activity order on an index (docs/adr/0102).

-- the message's number in its chat (1, 2, 3 ... in id order, gap-free; chats.last_ordinal is the counter)
ALTER TABLE "chats" ADD COLUMN "last_ordinal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "ordinal" bigint;--> statement-breakpoint
UPDATE "chat_messages" m SET "ordinal" = n.ordinal
  FROM (SELECT id, row_number() OVER (PARTITION BY chat_id ORDER BY id) AS ordinal FROM "chat_messages") n
  WHERE n.id = m.id;--> statement-breakpoint
UPDATE "chats" c SET "last_ordinal" = coalesce((SELECT max(m.ordinal) FROM "chat_messages" m WHERE m.chat_id = c.id), 0);--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "ordinal" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "chat_messages_ordinal_uq" ON "chat_messages" ("chat_id", "ordinal");--> statement-breakpoint
-- what a member who is not the author must skip: held, declined (and never-approved) messages
CREATE INDEX IF NOT EXISTS "chat_messages_unapproved_idx" ON "chat_messages" ("chat_id", "ordinal") WHERE "status" <> 'approved';--> statement-breakpoint

-- the message's document: its words in 'simple' (names, numbers, prefixes), the stems of the chat's
-- language, and the lexeme '#<chat id>' that no text can produce ('#' is never part of a word), so
-- that one GIN scan finds a phrase within a reader's chats
-- the language the chat's messages are indexed in besides 'simple' (copied to each message when written)
ALTER TABLE "chats" ADD COLUMN "search_config" regconfig DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "search_config" regconfig DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  CASE WHEN "search_config" = 'simple'::regconfig THEN to_tsvector('simple'::regconfig, "text")
  ELSE to_tsvector('simple'::regconfig, "text") || to_tsvector("search_config", "text") END
  || array_to_tsvector(ARRAY['#' || "chat_id"::text])) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "chat_messages_text_fts";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_messages_search_idx" ON "chat_messages" USING gin ("search_vector");--> statement-breakpoint

ALTER TABLE "chat_attachments" ADD COLUMN "name_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "original_name")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "chat_attachments_name_fts";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_attachments_name_search_idx" ON "chat_attachments" USING gin ("name_vector");--> statement-breakpoint

ALTER TABLE "chats" ADD COLUMN "title_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "title")) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chats_title_search_idx" ON "chats" USING gin ("title_vector");--> statement-breakpoint

-- the chat list's order after the pins: latest activity (the last message, or the creation)
ALTER TABLE "chats" ADD COLUMN "last_activity_at" timestamp with time zone GENERATED ALWAYS AS (greatest("created_at", coalesce("last_message_at", "created_at"))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chats_activity_idx" ON "chats" ("last_activity_at" DESC, "id" DESC);
