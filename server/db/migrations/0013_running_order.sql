-- The day's running order of an event's races (docs/decisions.md, 'The running order'), kept with
-- the event as race day reads it.
ALTER TABLE "events" ADD COLUMN "running_order" jsonb;