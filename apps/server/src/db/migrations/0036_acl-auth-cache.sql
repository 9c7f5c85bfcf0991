-- A change of someone's staff groups changes their permissions: the session cache
-- (platform/auth-cache.ts) holds them with the user, so the same 'u:' notice drops it.
CREATE FUNCTION parlance_auth_acl_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('parlance_auth', 'u:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('parlance_auth', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_acl_groups_auth_cache AFTER INSERT OR UPDATE OR DELETE ON user_acl_groups
  FOR EACH ROW EXECUTE FUNCTION parlance_auth_acl_changed();
