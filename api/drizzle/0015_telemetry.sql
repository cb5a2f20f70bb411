CREATE TABLE "telemetry_error_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"route" text NOT NULL,
	"canary" boolean NOT NULL,
	"preview" boolean NOT NULL,
	"fingerprint" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_error_minutes_pkey" PRIMARY KEY("remote","version","minute","route","canary","preview","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "telemetry_error_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telemetry_error_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"route" text NOT NULL,
	"canary" boolean NOT NULL,
	"preview" boolean NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"frame" text
);
--> statement-breakpoint
CREATE TABLE "telemetry_page_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"route" text NOT NULL,
	"canary" boolean NOT NULL,
	"preview" boolean NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_page_minutes_pkey" PRIMARY KEY("remote","version","minute","route","canary","preview")
);
--> statement-breakpoint
CREATE TABLE "telemetry_vital_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"route" text NOT NULL,
	"canary" boolean NOT NULL,
	"preview" boolean NOT NULL,
	"vital" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_vital_minutes_pkey" PRIMARY KEY("remote","version","minute","route","canary","preview","vital","bucket")
);
--> statement-breakpoint
CREATE INDEX "telemetry_error_minutes_minute_idx" ON "telemetry_error_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "telemetry_error_minutes_fingerprint_idx" ON "telemetry_error_minutes" USING btree ("remote","fingerprint","version");--> statement-breakpoint
CREATE INDEX "telemetry_error_samples_fingerprint_idx" ON "telemetry_error_samples" USING btree ("remote","fingerprint","hour");--> statement-breakpoint
CREATE INDEX "telemetry_error_samples_at_idx" ON "telemetry_error_samples" USING btree ("at");--> statement-breakpoint
CREATE INDEX "telemetry_page_minutes_minute_idx" ON "telemetry_page_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "telemetry_vital_minutes_minute_idx" ON "telemetry_vital_minutes" USING btree ("minute");