ALTER TABLE "claims" ADD COLUMN "priced_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "priced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "inadequate_documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "approved_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "contract_document_key" text;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_priced_by_staff_id_staff_members_id_fk" FOREIGN KEY ("priced_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_approved_by_staff_id_staff_members_id_fk" FOREIGN KEY ("approved_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;