ALTER TABLE "ledger_payments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;