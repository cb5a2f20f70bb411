ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "profile_attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pre_entry" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pre_entry_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_document_type" text;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" in ('activation', 'password_reset', 'mail_change'));