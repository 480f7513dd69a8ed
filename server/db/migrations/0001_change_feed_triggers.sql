-- The change feed that devices pull from, kept by triggers so that no write path can forget it.
-- Every insert, update or delete of a synced row upserts one change_log row holding a fresh
-- sequence number, the row's school and event (the pull scope) and whether it was deleted.
--
-- The classic gap: a sequence number taken by a transaction that commits after a later one would
-- let a reader's cursor pass it forever. Numbers are therefore taken under a transaction-scoped
-- advisory lock, held to commit: no transaction can take a number until every transaction holding
-- a smaller one has committed or rolled back, so numbers become visible in order.
CREATE FUNCTION record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
  k text;
  school uuid;
  ev uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  SELECT string_agg(r ->> col, ':' ORDER BY n) INTO k
    FROM unnest(string_to_array(TG_ARGV[0], ',')) WITH ORDINALITY AS t(col, n);
  IF TG_TABLE_NAME = 'schools' THEN
    school := (r ->> 'id')::uuid;
  ELSIF TG_TABLE_NAME = 'events' THEN
    ev := (r ->> 'id')::uuid;
  ELSIF TG_TABLE_NAME = 'volunteer_preferences' THEN
    SELECT s.school_id, s.event_id INTO school, ev FROM volunteer_slots s WHERE s.id = (r ->> 'slot_id')::uuid;
  ELSE
    school := (r ->> 'school_id')::uuid;
    ev := (r ->> 'event_id')::uuid;
  END IF;
  PERFORM pg_advisory_xact_lock(7273100);
  INSERT INTO change_log (entity, row_id, seq, school_id, event_id, deleted, changed_at)
    VALUES (TG_TABLE_NAME, k, nextval('change_seq'), school, ev, TG_OP = 'DELETE', now())
    ON CONFLICT (entity, row_id) DO UPDATE
      SET seq = excluded.seq, school_id = excluded.school_id, event_id = excluded.event_id,
          deleted = excluded.deleted, changed_at = excluded.changed_at;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every update of a synced row bumps its version (the 409 check) and updatedAt.
CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('states', 'id'), ('disciplines', 'id'), ('events', 'id'), ('event_states', 'event_id,state_id'),
    ('event_disciplines', 'event_id,discipline_id'), ('schools', 'id'), ('users', 'id'),
    ('participants', 'id'), ('team_managers', 'id'), ('teams', 'id'), ('team_entries', 'id'),
    ('ticketing', 'school_id,event_id'), ('waivers', 'id'), ('volunteers', 'id'),
    ('volunteer_slots', 'id'), ('volunteer_preferences', 'id'),
    ('volunteer_spots', 'event_id,discipline_id,division'), ('result_races', 'id'),
    ('result_overalls', 'id'), ('trophies', 'id'), ('invites', 'id'), ('invoices', 'id'), ('payments', 'id')
  ) AS v(tbl, keycols)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION record_change(%L)',
      t.tbl || '_change', t.tbl, t.keycols);
    IF t.tbl <> 'event_states' THEN
      EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION bump_version()',
        t.tbl || '_version', t.tbl);
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
INSERT INTO sync_horizon (id, purged_through) VALUES (1, 0);
