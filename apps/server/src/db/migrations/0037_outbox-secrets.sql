-- The parts of a stored mail or text that sign someone in or prove they own an address (password
-- links, verification codes, bot links): the outbox shows them masked (modules/admin/outbox.ts).
ALTER TABLE "mail_outbox" ADD COLUMN "secrets" jsonb DEFAULT '[]'::jsonb NOT NULL;
