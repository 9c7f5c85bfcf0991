-- the hourly sweep of spent authorization codes finds them by expiry
CREATE INDEX IF NOT EXISTS "oauth_codes_expires_at_idx" ON "oauth_codes" ("expires_at");
