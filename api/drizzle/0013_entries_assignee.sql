ALTER TABLE "entries" ADD COLUMN "assignee_staff_id" integer;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_assignee_staff_id_staff_members_id_fk" FOREIGN KEY ("assignee_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;