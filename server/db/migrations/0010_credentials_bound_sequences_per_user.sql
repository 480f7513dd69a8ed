-- A device's sequence is kept per user (client_sequences keyed by user and client id), and a reset
-- link is bound to the address it was mailed to and to the account as it was (sent_to,
-- account_stamp). Links made before this cannot be bound, so they end here: they live hours.
ALTER TABLE "client_sequences" DROP CONSTRAINT "client_sequences_pkey";--> statement-breakpoint
ALTER TABLE "client_sequences" ADD CONSTRAINT "client_sequences_user_id_client_id_pk" PRIMARY KEY("user_id","client_id");--> statement-breakpoint
DELETE FROM "password_resets";--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "sent_to" text NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "account_stamp" text NOT NULL;
