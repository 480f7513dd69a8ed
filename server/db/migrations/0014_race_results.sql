CREATE TABLE "race_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"team_entry_id" uuid NOT NULL,
	"run1" integer,
	"run2" integer,
	"score" integer,
	"status" text,
	"source" text NOT NULL,
	"recorded_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_team_entry_id_team_entries_id_fk" FOREIGN KEY ("team_entry_id") REFERENCES "public"."team_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "race_results_entry_uq" ON "race_results" USING btree ("team_entry_id");--> statement-breakpoint
CREATE INDEX "race_results_event_idx" ON "race_results" USING btree ("event_id");--> statement-breakpoint
-- Results reach race officials' and administrators' devices through the race-day feed, keyed as a
-- tablet keys a result it types offline: by its team entry.
CREATE TRIGGER race_results_change AFTER INSERT OR UPDATE OR DELETE ON race_results FOR EACH ROW EXECUTE FUNCTION record_change('team_entry_id');
--> statement-breakpoint
CREATE TRIGGER race_results_version BEFORE UPDATE ON race_results FOR EACH ROW EXECUTE FUNCTION bump_version();
