CREATE TABLE "mail_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"staff_member_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_log_user_idx" ON "mail_log" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "staff_notes_user_idx" ON "staff_notes" USING btree ("user_id","created_at");--> statement-breakpoint
-- Issue 25: the applicant search. tsumugi_search_key is api/src/modules/lookups/search-key.ts searchKey
-- in SQL (NFKC, hiragana → katakana, small kana → large, ヴ → ブ, dashes → ー, separators removed,
-- upper case); staff-applicants/applicants.test.ts checks that both give the same key. The search
-- matches prefixes of these keys through the btree expression indexes below (text_pattern_ops:
-- LIKE 'key%' uses them whatever the database's collation). pg_trgm ships with the embedded
-- PostgreSQL, but its trigrams skip non-ASCII letters under the C locale, so it would not help here.
CREATE FUNCTION tsumugi_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN upper(translate(translate(translate(normalize(value, NFKC), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ'), 'ァィゥェォッャュョヮヵヶヴ-‐‑‒–—―−ｰ－ー', 'アイウエオツヤユヨワカケブーーーーーーーーーーー'), ' 	
　 ・･.,，、。''’"”`', ''));
--> statement-breakpoint
-- corporationKey: the key without the legal form (株式会社, (株), カブシキガイシヤ …) wherever it stands.
CREATE FUNCTION tsumugi_corporation_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(tsumugi_search_key(value), '株式会社|有限会社|合同会社|合資会社|合名会社|\((株|有|同|資|名)\)|カブシキガイシヤ|カブシキカイシヤ|ユウゲンガイシヤ|ユウゲンカイシヤ|ゴウドウガイシヤ|ゴウドウカイシヤ', '', 'g');
--> statement-breakpoint
-- A phone number as its digits only (03-1234-5678, ０３（１２３４）５６７８ → 0312345678).
CREATE FUNCTION tsumugi_phone_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(normalize(value, NFKC), '[^0-9]', '', 'g');
--> statement-breakpoint
CREATE INDEX "users_search_company_idx" ON "users" (tsumugi_corporation_key("company_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_name_idx" ON "users" (tsumugi_search_key("last_name" || "first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_first_name_idx" ON "users" (tsumugi_search_key("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_email_idx" ON "users" (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_office_phone_idx" ON "users" (tsumugi_phone_key("office_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_owner_phone_idx" ON "users" (tsumugi_phone_key("owner_phone") text_pattern_ops);--> statement-breakpoint
-- The identity queue: applicants whose identity is 確認中, and when each submitted it.
CREATE INDEX "users_identity_confirming_idx" ON "users" ("id") WHERE "identity_confirmation" = 1;--> statement-breakpoint
CREATE INDEX "audit_log_identity_submitted_idx" ON "audit_log" ("subject_id", "occurred_at") WHERE "event" = 'identity.submitted' AND "subject_type" = 'user';
