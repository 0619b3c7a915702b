-- Evidence checks (issue 30): the thresholds per project, a 64-bit dHash of every photo a record
-- carries and of its centre cut by 4 % and 8 % (variants 1, 2: a cropped copy lands near one),
-- split into four 16-bit bands, each indexed (a near duplicate shares at least one band within one
-- bit: docs/decisions/30-photo-hash-index.md), and the records waiting for the check.
ALTER TABLE "projects" ADD COLUMN "photo_before_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "photo_place_m" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "photo_dup_bits" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "outline_tolerance_m" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "photo_exif_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"record_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"variant" smallint DEFAULT 0 NOT NULL,
	"project_code" text NOT NULL,
	"hash" bigint NOT NULL,
	"b0" integer NOT NULL,
	"b1" integer NOT NULL,
	"b2" integer NOT NULL,
	"b3" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_hashes_pk" PRIMARY KEY("record_id","file_id","variant")
);
--> statement-breakpoint
CREATE INDEX "photo_hashes_b0_idx" ON "photo_hashes" USING btree ("project_code","b0");--> statement-breakpoint
CREATE INDEX "photo_hashes_b1_idx" ON "photo_hashes" USING btree ("project_code","b1");--> statement-breakpoint
CREATE INDEX "photo_hashes_b2_idx" ON "photo_hashes" USING btree ("project_code","b2");--> statement-breakpoint
CREATE INDEX "photo_hashes_b3_idx" ON "photo_hashes" USING btree ("project_code","b3");--> statement-breakpoint
CREATE INDEX "photo_hashes_file_idx" ON "photo_hashes" USING btree ("file_id");--> statement-breakpoint
CREATE TABLE "evidence_pending" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"project_code" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evidence_pending_project_idx" ON "evidence_pending" USING btree ("project_code","queued_at");
