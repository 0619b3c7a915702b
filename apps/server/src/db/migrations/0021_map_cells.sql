CREATE TABLE "record_cells" (
	"project_code" text NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"table_code" text NOT NULL,
	"section_code" text NOT NULL,
	"state" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sum_long" double precision DEFAULT 0 NOT NULL,
	"sum_lat" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "record_cells_project_code_cx_cy_table_code_section_code_state_pk" PRIMARY KEY("project_code","cx","cy","table_code","section_code","state")
);--> statement-breakpoint
-- The map's cells of the records already stored (written by hand; see records/rollup.ts
-- MAP_BASE_CELL = 90 / 2^13 degrees). Live records with a position only.
INSERT INTO "record_cells" ("project_code", "cx", "cy", "table_code", "section_code", "state", "n", "sum_long", "sum_lat")
SELECT "project_code", floor("gps_long" / (90.0 / 8192))::int, floor("gps_lat" / (90.0 / 8192))::int,
  "table_code", "section_code", "state", count(*)::int, sum("gps_long"), sum("gps_lat")
FROM "records"
WHERE "deleted_at" IS NULL AND NOT ("gps_long" = 0 AND "gps_lat" = 0)
GROUP BY 1, 2, 3, 4, 5, 6;
