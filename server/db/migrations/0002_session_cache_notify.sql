-- Servers keep recent session lookups in memory (server/plugins/session-cache.ts). Whatever ends
-- or changes a session or its user, on any instance and by any write path, says so on the
-- channel 'session_changed' when it commits: 's:<token hash>' for a session, 'u:<user id>' for a
-- user. Every instance listens and forgets those entries.
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changed', 's:' || OLD.token_hash);
  ELSE
    PERFORM pg_notify('session_changed', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
