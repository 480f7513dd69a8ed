-- Devices that are online hear of new changes within a second or two (GET /api/sync/live): every
-- change_log row written says so on the channel 'feed_changed' when its transaction commits, with
-- its school and event ('<school>|<event>', empty for none); every server instance listens and
-- tells the devices whose feed the change may touch to pull. PostgreSQL folds equal notifications
-- of one transaction into one: a save of 100 rows of one school is one message.
CREATE FUNCTION notify_feed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('feed_changed', coalesce(NEW.school_id::text, '') || '|' || coalesce(NEW.event_id::text, ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER change_log_notify AFTER INSERT OR UPDATE ON change_log
  FOR EACH ROW EXECUTE FUNCTION notify_feed_changed();
