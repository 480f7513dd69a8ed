CREATE TABLE "race_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"team_entry_id" uuid NOT NULL,
	"run" text NOT NULL,
	"mark" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "start_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"division" integer NOT NULL,
	"gender" text NOT NULL,
	"seed" integer NOT NULL,
	"team_order" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "second_run_reverse_count" integer;--> statement-breakpoint
ALTER TABLE "team_entries" ADD COLUMN "bib_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "race_marks" ADD CONSTRAINT "race_marks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_marks" ADD CONSTRAINT "race_marks_team_entry_id_team_entries_id_fk" FOREIGN KEY ("team_entry_id") REFERENCES "public"."team_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "start_draws" ADD CONSTRAINT "start_draws_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "start_draws" ADD CONSTRAINT "start_draws_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "race_marks_entry_run_uq" ON "race_marks" USING btree ("team_entry_id","run");--> statement-breakpoint
CREATE UNIQUE INDEX "start_draws_race_uq" ON "start_draws" USING btree ("event_id","discipline_id","division","gender");--> statement-breakpoint
-- Draws and marks reach race officials' tablets through the change feed (migration 0001).
CREATE TRIGGER start_draws_change AFTER INSERT OR UPDATE OR DELETE ON start_draws FOR EACH ROW EXECUTE FUNCTION record_change('id');
--> statement-breakpoint
CREATE TRIGGER start_draws_version BEFORE UPDATE ON start_draws FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER race_marks_change AFTER INSERT OR UPDATE OR DELETE ON race_marks FOR EACH ROW EXECUTE FUNCTION record_change('id');
--> statement-breakpoint
CREATE TRIGGER race_marks_version BEFORE UPDATE ON race_marks FOR EACH ROW EXECUTE FUNCTION bump_version();
