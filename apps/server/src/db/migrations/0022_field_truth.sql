CREATE TABLE "user_sections" (
	"user_id" uuid NOT NULL,
	"project_code" text NOT NULL,
	"section_code" text NOT NULL,
	CONSTRAINT "user_sections_user_id_project_code_section_code_pk" PRIMARY KEY("user_id","project_code","section_code")
);
--> statement-breakpoint
CREATE TABLE "anomalies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"record_id" uuid NOT NULL,
	"table_code" text NOT NULL,
	"section_code" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"tag_code" text DEFAULT '' NOT NULL,
	"other_record_id" uuid,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "burn_window_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_counts" ADD COLUMN "tons" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_counts" ADD COLUMN "m3" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_counts" ADD COLUMN "tags" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_counts" ADD COLUMN "treated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_sections" ADD CONSTRAINT "user_sections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sections" ADD CONSTRAINT "user_sections_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anomalies" ADD CONSTRAINT "anomalies_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anomalies" ADD CONSTRAINT "anomalies_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anomalies" ADD CONSTRAINT "anomalies_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sections_project_idx" ON "user_sections" USING btree ("project_code","section_code");--> statement-breakpoint
CREATE UNIQUE INDEX "anomalies_record_kind_tag_uq" ON "anomalies" USING btree ("record_id","kind","tag_code");--> statement-breakpoint
CREATE INDEX "anomalies_list_idx" ON "anomalies" USING btree ("project_code","state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "anomalies_section_idx" ON "anomalies" USING btree ("project_code","section_code","state","kind");--> statement-breakpoint
CREATE INDEX "anomalies_tag_idx" ON "anomalies" USING btree ("project_code","tag_code") WHERE tag_code <> '';--> statement-breakpoint
-- Written by hand (issue 26). The rollup's new measures for the records already stored, the same
-- rules as records/rollup.ts measuresOf: rebuilt from the live records in one statement.
DELETE FROM "record_counts";--> statement-breakpoint
INSERT INTO "record_counts" ("project_code", "table_code", "section_code", "state", "day", "township", "n", "qty", "tons", "m3", "tags", "treated")
SELECT "project_code", "table_code", "section_code", "state",
  (("time_submit" AT TIME ZONE 'Asia/Shanghai')::date), "gps_xiang", count(*)::int,
  coalesce(sum(CASE
    WHEN "table_code" = 'gbksdc0101' AND jsonb_typeof("fields" -> 'kssl') = 'number' THEN greatest(("fields" ->> 'kssl')::float8, 0)
    WHEN "table_code" = 'gbymfs0101' AND coalesce("fields" ->> 'jldw', '') IN ('', '株') AND jsonb_typeof("fields" -> 'yimushuliang') = 'number' THEN greatest(("fields" ->> 'yimushuliang')::float8, 0)
    ELSE 0 END), 0),
  coalesce(sum(CASE WHEN "table_code" = 'gbymfs0101' AND "fields" ->> 'jldw' = '吨' AND jsonb_typeof("fields" -> 'yimushuliang') = 'number' THEN greatest(("fields" ->> 'yimushuliang')::float8, 0) ELSE 0 END), 0),
  coalesce(sum(CASE WHEN "table_code" = 'gbymfs0101' AND "fields" ->> 'jldw' = '立方米' AND jsonb_typeof("fields" -> 'yimushuliang') = 'number' THEN greatest(("fields" ->> 'yimushuliang')::float8, 0) ELSE 0 END), 0),
  coalesce(sum(CASE
    WHEN "table_code" = 'gbcfcz0101' AND coalesce("fields" ->> 'qrcode', '') <> '' THEN 1
    WHEN "table_code" = 'gbymfs0101' AND coalesce("fields" ->> 'multi_qrcode', '') <> '' THEN
      (SELECT count(DISTINCT btrim(x)) FROM unnest(string_to_array("fields" ->> 'multi_qrcode', ',')) AS x WHERE btrim(x) <> '')
    ELSE 0 END), 0)::int,
  count(*) FILTER (WHERE "table_code" = 'gbcfcz0101' AND coalesce("fields" ->> 'multi_fzcl', '') <> ''
    AND jsonb_typeof("fields" -> 'dungao') = 'number' AND ("fields" ->> 'dungao')::float8 <= 5)::int
FROM "records"
WHERE "deleted_at" IS NULL
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- Fractional tree counts already stored are reported, not changed: each becomes an open anomaly
-- (kind count_fractional) on its record, listed on the 疑点 screen for a supervisor to correct.
INSERT INTO "anomalies" ("project_code", "record_id", "table_code", "section_code", "day", "kind", "evidence")
SELECT "project_code", "id", "table_code", "section_code", (("time_submit" AT TIME ZONE 'Asia/Shanghai')::date),
  'count_fractional', jsonb_build_object('field', f.code, 'value', ("fields" -> f.code))
FROM "records"
CROSS JOIN LATERAL (VALUES
  (CASE WHEN "table_code" = 'gbksdc0101' THEN 'kssl'
        WHEN "table_code" = 'gbymfs0101' AND coalesce("fields" ->> 'jldw', '') IN ('', '株') THEN 'yimushuliang'
        WHEN "table_code" = 'gbycjc0101' THEN 'tnsl' END)) AS f(code)
WHERE "deleted_at" IS NULL AND f.code IS NOT NULL
  AND jsonb_typeof("fields" -> f.code) = 'number'
  AND ("fields" ->> f.code)::numeric <> trunc(("fields" ->> f.code)::numeric)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Field workers already recording keep recording where they did (or, with no record yet, in every
-- section of their project) until an administrator narrows their sections.
INSERT INTO "user_sections" ("user_id", "project_code", "section_code")
SELECT DISTINCT upr."user_id", upr."project_code", coalesce(r."section_code", s."code")
FROM "user_project_roles" upr
JOIN "roles" ro ON ro."id" = upr."role_id" AND ro."code" = 'worker'
JOIN "sections" s ON s."project_code" = upr."project_code"
LEFT JOIN LATERAL (SELECT DISTINCT "section_code" FROM "records" rr
  WHERE rr."collector_id" = upr."user_id" AND rr."project_code" = upr."project_code" AND rr."section_code" = s."code") r ON true
WHERE r."section_code" IS NOT NULL
   OR NOT EXISTS (SELECT 1 FROM "records" r2 WHERE r2."collector_id" = upr."user_id" AND r2."project_code" = upr."project_code")
ON CONFLICT DO NOTHING;
