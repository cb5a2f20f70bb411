ALTER TABLE "entries" ADD COLUMN "payout_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "payout_hold_previous_bank_account" text;