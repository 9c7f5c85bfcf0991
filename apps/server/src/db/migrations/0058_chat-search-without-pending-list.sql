-- The chat's search indexes take each new entry at once instead of in GIN's pending list. With the
-- list on (PostgreSQL's default), new messages wait there, unsorted, until a vacuum or 4 MB of them,
-- and every search reads the whole list: on the bench's million messages a rare word read 173 pages
-- of it (about 1 ms alone, 11 ms with the reader's chats in the query) for one match. Writing an entry
-- directly costs a message's insert a few index pages, once; chat is read far more than written.
ALTER INDEX "chat_messages_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "chat_attachments_name_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "chats_title_search_idx" SET (fastupdate = off);--> statement-breakpoint
-- what is already waiting goes into the index now
SELECT gin_clean_pending_list('chat_messages_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('chat_attachments_name_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('chats_title_search_idx'::regclass);
