CREATE TABLE "builtin_gateway_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation" text NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation" text NOT NULL,
	"contact_id" text NOT NULL,
	"reference" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'AUTHORISED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_invoices_reference_uq" UNIQUE("organisation","reference")
);
--> statement-breakpoint
CREATE TABLE "ledger_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"date" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_payments_reference_uq" UNIQUE("invoice_id","reference")
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_gateway_ref_uq" UNIQUE("gateway","gateway_ref")
);
--> statement-breakpoint
CREATE TABLE "school_accounting_contacts" (
	"school_id" uuid NOT NULL,
	"organisation" text NOT NULL,
	"contact_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_accounting_contacts_school_id_organisation_pk" PRIMARY KEY("school_id","organisation"),
	CONSTRAINT "school_accounting_contacts_contact_uq" UNIQUE("organisation","contact_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "accounting_payment_id" text;--> statement-breakpoint
ALTER TABLE "ledger_invoices" ADD CONSTRAINT "ledger_invoices_contact_id_ledger_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."ledger_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_invoice_id_ledger_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."ledger_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_accounting_contacts" ADD CONSTRAINT "school_accounting_contacts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_contacts_org_idx" ON "ledger_contacts" USING btree ("organisation","name");--> statement-breakpoint
CREATE INDEX "payment_checkouts_school_event_idx" ON "payment_checkouts" USING btree ("school_id","event_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_online_reference_uq" ON "payments" USING btree ("reference") WHERE "payments"."method" = 'online';