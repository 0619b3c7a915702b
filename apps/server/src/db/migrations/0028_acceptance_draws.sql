-- Written by hand (issue 30, 检查验收 speed): a sample's drawn records as one ordered uuid[] per
-- section (acceptance_draws; array position = rank), and only the checked ones as rows
-- (acceptance_results, the latest check's outcome). Writing 100,000 item rows with two btrees was
-- most of a 10 % draw of a million records; three arrays are not. Existing items move over.
CREATE TABLE "acceptance_draws" (
	"sample_id" uuid NOT NULL,
	"section_code" text NOT NULL,
	"record_ids" uuid[] NOT NULL,
	CONSTRAINT "acceptance_draws_sample_id_section_code_pk" PRIMARY KEY("sample_id","section_code")
);
--> statement-breakpoint
CREATE TABLE "acceptance_results" (
	"sample_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"section_code" text NOT NULL,
	"rank" integer NOT NULL,
	"passed" boolean NOT NULL,
	"check_id" integer NOT NULL,
	CONSTRAINT "acceptance_results_sample_id_record_id_pk" PRIMARY KEY("sample_id","record_id")
);
--> statement-breakpoint
ALTER TABLE "acceptance_draws" ADD CONSTRAINT "acceptance_draws_sample_id_acceptance_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."acceptance_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptance_results" ADD CONSTRAINT "acceptance_results_sample_id_acceptance_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."acceptance_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acceptance_results_order_idx" ON "acceptance_results" USING btree ("sample_id","section_code","rank");--> statement-breakpoint
INSERT INTO "acceptance_draws" ("sample_id", "section_code", "record_ids")
	SELECT "sample_id", "section_code", array_agg("record_id" ORDER BY "rank") FROM "acceptance_items"
	GROUP BY "sample_id", "section_code";--> statement-breakpoint
INSERT INTO "acceptance_results" ("sample_id", "record_id", "section_code", "rank", "passed", "check_id")
	SELECT "sample_id", "record_id", "section_code", "rank", "passed", "check_id" FROM "acceptance_items"
	WHERE "passed" IS NOT NULL AND "check_id" IS NOT NULL;--> statement-breakpoint
DROP TABLE "acceptance_items";--> statement-breakpoint
-- Issue 30, duplicate photos: each band index carries the hash, record and file, so the lookup
-- computes every candidate's distance from the index alone (an index-only scan per band) instead
-- of reading a table row per candidate (docs/decisions/0211-photo-hash-index.md).
DROP INDEX "photo_hashes_b0_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_b1_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_b2_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_b3_idx";--> statement-breakpoint
CREATE INDEX "photo_hashes_b0_idx" ON "photo_hashes" USING btree ("project_code","b0") INCLUDE ("hash","record_id","file_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_b1_idx" ON "photo_hashes" USING btree ("project_code","b1") INCLUDE ("hash","record_id","file_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_b2_idx" ON "photo_hashes" USING btree ("project_code","b2") INCLUDE ("hash","record_id","file_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_b3_idx" ON "photo_hashes" USING btree ("project_code","b3") INCLUDE ("hash","record_id","file_id");
