CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attempted_at" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" in ('activation', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"persistent" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"corporate_division" text DEFAULT 'none' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ceres_xuid" text DEFAULT '' NOT NULL,
	"office_phone" text DEFAULT '' NOT NULL,
	"office_zipcode" text DEFAULT '' NOT NULL,
	"office_prefecture" text DEFAULT '' NOT NULL,
	"office_city" text DEFAULT '' NOT NULL,
	"office_building_number" text DEFAULT '' NOT NULL,
	"owner_phone" text DEFAULT '' NOT NULL,
	"owner_zipcode" text DEFAULT '' NOT NULL,
	"owner_prefecture" text DEFAULT '' NOT NULL,
	"owner_city" text DEFAULT '' NOT NULL,
	"owner_building_number" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"can_edit_bank_account" boolean DEFAULT true NOT NULL,
	"sector" text DEFAULT 'unknown' NOT NULL,
	"business_summary" text DEFAULT '' NOT NULL,
	"has_entry_permission_when_delayed" boolean DEFAULT true NOT NULL,
	"identity_confirmation" smallint DEFAULT 4 NOT NULL,
	"identity_valid_date" date,
	"financial_statements_valid_date" date,
	"last_withdrawals_detail_date" date,
	"withdrawals_detail_status" smallint DEFAULT 4 NOT NULL,
	"financial_statements_status" smallint DEFAULT 4 NOT NULL,
	"has_pre_entry_declined" boolean DEFAULT false NOT NULL,
	"allow_redirect_to_profile" boolean DEFAULT true NOT NULL,
	"visited_at_entry_page_after_mail_verification" timestamp with time zone,
	"user_segment" text,
	CONSTRAINT "users_corporate_division_check" CHECK ("users"."corporate_division" in ('none', 'corporate', 'individual')),
	CONSTRAINT "users_review_status_check" CHECK ("users"."identity_confirmation" between 1 and 5 and "users"."withdrawals_detail_status" between 1 and 5 and "users"."financial_statements_status" between 1 and 5),
	CONSTRAINT "users_version_check" CHECK ("users"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_token_hash_key" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_purpose_idx" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));