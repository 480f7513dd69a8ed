CREATE SEQUENCE "public"."change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "disciplines" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"division_from" integer NOT NULL,
	"division_to" integer NOT NULL,
	"male" boolean DEFAULT true NOT NULL,
	"female" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_disciplines" (
	"event_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"division_from" integer NOT NULL,
	"division_to" integer NOT NULL,
	"male" boolean DEFAULT true NOT NULL,
	"female" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_disciplines_event_id_discipline_id_pk" PRIMARY KEY("event_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "event_states" (
	"event_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	CONSTRAINT "event_states_event_id_state_id_pk" PRIMARY KEY("event_id","state_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"level" text DEFAULT 'Regional' NOT NULL,
	"invoice_type" text DEFAULT 'NSW' NOT NULL,
	"registration_fee" numeric(10, 2) DEFAULT 0 NOT NULL,
	"team_entry_fee" numeric(10, 2) DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"volunteer_lock" boolean DEFAULT false NOT NULL,
	"invoice_available" date,
	"invoice_due" date,
	"show_for_results" boolean DEFAULT false NOT NULL,
	"show_for_startlists" boolean DEFAULT false NOT NULL,
	"volunteer_ratio" integer DEFAULT 8 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"school_type" text DEFAULT 'Co-ed' NOT NULL,
	"school_category" text DEFAULT 'Secondary' NOT NULL,
	"school_gov_or_private" text DEFAULT 'Gov.' NOT NULL,
	"state_id" integer,
	"bpay" text DEFAULT '' NOT NULL,
	"coordinator_firstname" text DEFAULT '' NOT NULL,
	"coordinator_lastname" text DEFAULT '' NOT NULL,
	"coordinator_phone" text DEFAULT '' NOT NULL,
	"coordinator_mobile" text DEFAULT '' NOT NULL,
	"coordinator_fax" text DEFAULT '' NOT NULL,
	"coordinator_aus_enews" boolean DEFAULT true NOT NULL,
	"principal_firstname" text DEFAULT '' NOT NULL,
	"principal_lastname" text DEFAULT '' NOT NULL,
	"principal_email" text DEFAULT '' NOT NULL,
	"accounting_contact_id" text,
	"created_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"school_id" uuid,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"type" text NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"school_id" uuid,
	"first_season_login" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"snow_id" text,
	"snow_id_active" smallint DEFAULT 1 NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"year_level" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"dob" date,
	"email" text DEFAULT '' NOT NULL,
	"archived" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"school_id" uuid NOT NULL,
	"participant_id" uuid,
	"position" integer NOT NULL,
	"bib" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_entries_position_uq" UNIQUE("team_id","position")
);
--> statement-breakpoint
CREATE TABLE "team_managers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"season_pass" text DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"division" integer NOT NULL,
	"team_rank" text NOT NULL,
	"gender" text NOT NULL,
	"team_manager_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_id_event_discipline_uq" UNIQUE("id","event_id","discipline_id"),
	CONSTRAINT "teams_identity_uq" UNIQUE("event_id","school_id","discipline_id","division","gender","team_rank")
);
--> statement-breakpoint
CREATE TABLE "ticketing" (
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"manager_ticket1" integer DEFAULT 0 NOT NULL,
	"manager_ticket2" integer DEFAULT 0 NOT NULL,
	"manager_ticket3" integer DEFAULT 0 NOT NULL,
	"manager_ticket4" integer DEFAULT 0 NOT NULL,
	"manager_ticket5" integer DEFAULT 0 NOT NULL,
	"xc_manager_ticket_alpine1" integer DEFAULT 0 NOT NULL,
	"xc_manager_ticket_xc1" integer DEFAULT 0 NOT NULL,
	"no_available_team_manager_passes" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_school_event_uq" UNIQUE("school_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"snow_id" text,
	"completed" smallint DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"rank" integer DEFAULT 1 NOT NULL,
	"discipline_id" integer,
	"division" integer,
	"gender" text,
	"position" text,
	"is_locked" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"volunteer_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_spots" (
	"event_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"division" integer NOT NULL,
	"male" integer DEFAULT 0 NOT NULL,
	"female" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_spots_event_id_discipline_id_division_pk" PRIMARY KEY("event_id","discipline_id","division")
);
--> statement-breakpoint
CREATE TABLE "volunteers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"season_pass" text DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"division" integer NOT NULL,
	"gender" text NOT NULL,
	"state_national" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_overalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"pointscore" text NOT NULL,
	"school_type" text NOT NULL,
	"gender" text NOT NULL,
	"file_url" text DEFAULT '' NOT NULL,
	"placings" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_races" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"division" integer NOT NULL,
	"gender" text NOT NULL,
	"team_individual" text NOT NULL,
	"file_url" text DEFAULT '' NOT NULL,
	"placings" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trophies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discipline_id" integer,
	"division" integer,
	"gender" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'team' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" text DEFAULT 'initial' NOT NULL,
	"total_cents" integer NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"accounting_invoice_id" text,
	"url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_uq" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text DEFAULT 'manual' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_athletes" (
	"snow_id" text PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"gender" text NOT NULL,
	"dob" date,
	"active" boolean DEFAULT true NOT NULL,
	"waiver_completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applied_writes" (
	"idempotency_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"seq" bigint,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_writes_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"entity" text NOT NULL,
	"row_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"school_id" uuid,
	"event_id" uuid,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_log_entity_row_id_pk" PRIMARY KEY("entity","row_id")
);
--> statement-breakpoint
CREATE TABLE "client_sequences" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_horizon" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"purged_through" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_disciplines" ADD CONSTRAINT "event_disciplines_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_disciplines" ADD CONSTRAINT "event_disciplines_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_states" ADD CONSTRAINT "event_states_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_states" ADD CONSTRAINT "event_states_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_entries" ADD CONSTRAINT "team_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_entries" ADD CONSTRAINT "team_entries_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_entries" ADD CONSTRAINT "team_entries_team_fk" FOREIGN KEY ("team_id","event_id","discipline_id") REFERENCES "public"."teams"("id","event_id","discipline_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "team_managers" ADD CONSTRAINT "team_managers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_managers" ADD CONSTRAINT "team_managers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_team_manager_id_team_managers_id_fk" FOREIGN KEY ("team_manager_id") REFERENCES "public"."team_managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing" ADD CONSTRAINT "ticketing_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing" ADD CONSTRAINT "ticketing_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_preferences" ADD CONSTRAINT "volunteer_preferences_slot_id_volunteer_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."volunteer_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_preferences" ADD CONSTRAINT "volunteer_preferences_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_slots" ADD CONSTRAINT "volunteer_slots_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_slots" ADD CONSTRAINT "volunteer_slots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_slots" ADD CONSTRAINT "volunteer_slots_volunteer_id_volunteers_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."volunteers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_spots" ADD CONSTRAINT "volunteer_spots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_spots" ADD CONSTRAINT "volunteer_spots_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_overalls" ADD CONSTRAINT "result_overalls_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_races" ADD CONSTRAINT "result_races_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_races" ADD CONSTRAINT "result_races_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trophies" ADD CONSTRAINT "trophies_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_states_state_idx" ON "event_states" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "events_active_idx" ON "events" USING btree ("active","archived");--> statement-breakpoint
CREATE INDEX "events_year_idx" ON "events" USING btree ("year");--> statement-breakpoint
CREATE INDEX "schools_state_idx" ON "schools" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "schools_name_idx" ON "schools" USING btree ("name");--> statement-breakpoint
CREATE INDEX "auth_attempts_key_at_idx" ON "auth_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_school_idx" ON "users" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_school_snow_uq" ON "participants" USING btree ("school_id","snow_id") WHERE "participants"."snow_id" is not null;--> statement-breakpoint
CREATE INDEX "participants_school_idx" ON "participants" USING btree ("school_id","archived");--> statement-breakpoint
CREATE INDEX "participants_snow_idx" ON "participants" USING btree ("snow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_entries_bib_uq" ON "team_entries" USING btree ("event_id","discipline_id","bib") WHERE "team_entries"."bib" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "team_entries_participant_uq" ON "team_entries" USING btree ("event_id","discipline_id","participant_id") WHERE "team_entries"."participant_id" is not null;--> statement-breakpoint
CREATE INDEX "team_entries_participant_idx" ON "team_entries" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "team_entries_school_event_idx" ON "team_entries" USING btree ("school_id","event_id");--> statement-breakpoint
CREATE INDEX "team_managers_school_event_idx" ON "team_managers" USING btree ("school_id","event_id");--> statement-breakpoint
CREATE INDEX "teams_school_event_idx" ON "teams" USING btree ("school_id","event_id");--> statement-breakpoint
CREATE INDEX "teams_event_discipline_idx" ON "teams" USING btree ("event_id","discipline_id","division","gender");--> statement-breakpoint
CREATE INDEX "waivers_school_event_idx" ON "waivers" USING btree ("school_id","event_id","type");--> statement-breakpoint
CREATE INDEX "volunteer_preferences_slot_idx" ON "volunteer_preferences" USING btree ("slot_id","rank");--> statement-breakpoint
CREATE INDEX "volunteer_slots_school_event_idx" ON "volunteer_slots" USING btree ("school_id","event_id");--> statement-breakpoint
CREATE INDEX "volunteers_school_event_idx" ON "volunteers" USING btree ("school_id","event_id");--> statement-breakpoint
CREATE INDEX "invites_event_idx" ON "invites" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "result_overalls_event_idx" ON "result_overalls" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "result_races_event_idx" ON "result_races" USING btree ("event_id","discipline_id");--> statement-breakpoint
CREATE INDEX "trophies_discipline_idx" ON "trophies" USING btree ("discipline_id","division");--> statement-breakpoint
CREATE INDEX "invoices_school_event_idx" ON "invoices" USING btree ("school_id","event_id");--> statement-breakpoint
CREATE INDEX "payments_school_event_idx" ON "payments" USING btree ("school_id","event_id");--> statement-breakpoint
CREATE INDEX "applied_writes_client_seq_idx" ON "applied_writes" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "applied_writes_created_idx" ON "applied_writes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "change_log_seq_idx" ON "change_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "change_log_scope_idx" ON "change_log" USING btree ("event_id","school_id","seq");--> statement-breakpoint
CREATE INDEX "change_log_tombstone_idx" ON "change_log" USING btree ("changed_at") WHERE "change_log"."deleted";