-- The session cache (platform/auth-cache.ts) keeps a session's user in memory for a few seconds.
-- These triggers tell every server instance, after commit, when a cached answer went stale,
-- whatever code made the change: a session ended or rotated ('s:' + its id hash), or a user row
-- changed or was removed ('u:' + the user id: name, role, password, acting admin...).
CREATE FUNCTION parlance_auth_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parlance_auth', 's:' || OLD.id_hash);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_cache AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION parlance_auth_session_changed();
--> statement-breakpoint
CREATE FUNCTION parlance_auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parlance_auth', 'u:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION parlance_auth_user_changed();
