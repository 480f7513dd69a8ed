-- Start hut marks are keyed on devices by their entry and run (a tablet makes them offline,
-- before the server has given them an id), so the change feed names them the same way.
DROP TRIGGER race_marks_change ON race_marks;
--> statement-breakpoint
DELETE FROM change_log WHERE entity = 'race_marks';
--> statement-breakpoint
CREATE TRIGGER race_marks_change AFTER INSERT OR UPDATE OR DELETE ON race_marks FOR EACH ROW EXECUTE FUNCTION record_change('team_entry_id,run');
--> statement-breakpoint
-- Marks made before this key: into the feed again under the new one.
UPDATE race_marks SET mark = mark;
