CREATE TABLE "accounting_organisations" (
	"organisation" text PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone,
	"pause_reason" text,
	"payments_read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounting_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"organisation" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_queue_subject_uq" UNIQUE("kind","subject_id")
);
--> statement-breakpoint
CREATE INDEX "accounting_queue_due_idx" ON "accounting_queue" USING btree ("state","next_try_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_accounting_payment_uq" ON "payments" USING btree ("accounting_payment_id");