CREATE TABLE "qualifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"to_event_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"division" integer NOT NULL,
	"gender" text NOT NULL,
	"kind" text NOT NULL,
	"place" integer NOT NULL,
	"team_name" text NOT NULL,
	"racers" jsonb NOT NULL,
	"confirmed_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "results_rules" jsonb;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_to_event_id_events_id_fk" FOREIGN KEY ("to_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifiers" ADD CONSTRAINT "qualifiers_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qualifiers_race_idx" ON "qualifiers" USING btree ("event_id","discipline_id","division","gender");--> statement-breakpoint
CREATE INDEX "qualifiers_school_idx" ON "qualifiers" USING btree ("school_id");--> statement-breakpoint
-- Confirmed qualifiers reach devices through the main feed, filed under their school and the event
-- whose race sent them.
CREATE TRIGGER qualifiers_change AFTER INSERT OR UPDATE OR DELETE ON qualifiers FOR EACH ROW EXECUTE FUNCTION record_change('id');
--> statement-breakpoint
CREATE TRIGGER qualifiers_version BEFORE UPDATE ON qualifiers FOR EACH ROW EXECUTE FUNCTION bump_version();
