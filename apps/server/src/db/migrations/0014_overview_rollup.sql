ALTER TABLE "record_counts" ADD COLUMN "township" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_counts" ADD COLUMN "qty" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_counts" DROP CONSTRAINT "record_counts_project_code_table_code_section_code_state_day_pk";--> statement-breakpoint
ALTER TABLE "record_counts" ADD CONSTRAINT "record_counts_project_code_table_code_section_code_state_day_township_pk" PRIMARY KEY("project_code","table_code","section_code","state","day","township");--> statement-breakpoint
-- Rebuild the rollup once with townships and quantities (records/rollup.ts says which field is a quantity).
DELETE FROM "record_counts";--> statement-breakpoint
INSERT INTO "record_counts" ("project_code","table_code","section_code","state","day","township","n","qty")
SELECT project_code, table_code, section_code, state,
  (time_submit AT TIME ZONE 'Asia/Shanghai')::date, gps_xiang, count(*),
  coalesce(sum(CASE
    WHEN table_code = 'gbksdc0101' AND jsonb_typeof(fields->'kssl') = 'number'
      THEN greatest((fields->>'kssl')::double precision, 0)
    WHEN table_code = 'gbymfs0101' AND jsonb_typeof(fields->'yimushuliang') = 'number'
      AND coalesce(fields->>'jldw', '') IN ('', '株')
      THEN greatest((fields->>'yimushuliang')::double precision, 0)
    ELSE 0 END), 0)
FROM "records" WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6;
