-- The event's calendar: its race days, its venue, and when schools' entries close (an instant; a
-- school's writes answer 410 from then on, as for a locked event).
ALTER TABLE "events" ADD COLUMN "first_race_day" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "last_race_day" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venue" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "entries_close_at" timestamp with time zone;