-- Drone orthophotos, their dead-crown candidates (which become verification tasks) and the
-- per-project settings of the loop's close (issue 32).
CREATE TABLE "drone_orthophotos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL REFERENCES "projects"("code"),
	"name" text NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"size" bigint NOT NULL,
	"part_size" integer NOT NULL,
	"part_count" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"bands" smallint DEFAULT 0 NOT NULL,
	"has_nir" smallint DEFAULT 0 NOT NULL,
	"epsg" integer DEFAULT 0 NOT NULL,
	"transform" jsonb,
	"west" double precision DEFAULT 0 NOT NULL,
	"south" double precision DEFAULT 0 NOT NULL,
	"east" double precision DEFAULT 0 NOT NULL,
	"north" double precision DEFAULT 0 NOT NULL,
	"gsd" double precision DEFAULT 0 NOT NULL,
	"threshold" real DEFAULT 0.5 NOT NULL,
	"detect_state" text DEFAULT 'none' NOT NULL,
	"detect_progress" smallint DEFAULT 0 NOT NULL,
	"detect_message" text DEFAULT '' NOT NULL,
	"job_id" uuid,
	"created_by" uuid NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "drone_orthophotos_project_idx" ON "drone_orthophotos" USING btree ("project_code","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "drone_parts" (
	"orthophoto_id" uuid NOT NULL REFERENCES "drone_orthophotos"("id") ON DELETE cascade,
	"n" integer NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "drone_parts_orthophoto_id_n_pk" PRIMARY KEY("orthophoto_id","n")
);
--> statement-breakpoint
CREATE TABLE "drone_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL REFERENCES "projects"("code"),
	"orthophoto_id" uuid NOT NULL REFERENCES "drone_orthophotos"("id") ON DELETE cascade,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"px" integer NOT NULL,
	"py" integer NOT NULL,
	"area_m2" real NOT NULL,
	"score" real NOT NULL,
	"section_code" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'candidate' NOT NULL,
	"issued_at" timestamp with time zone,
	"checked_by" uuid REFERENCES "users"("id"),
	"checked_at" timestamp with time zone,
	"check_lng" double precision,
	"check_lat" double precision,
	"photo_file_id" uuid REFERENCES "files"("id"),
	"reason" text DEFAULT '' NOT NULL,
	"felling_record_id" uuid REFERENCES "records"("id"),
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "drone_candidates_ortho_score_idx" ON "drone_candidates" USING btree ("orthophoto_id","score" DESC);
--> statement-breakpoint
CREATE INDEX "drone_candidates_tasks_idx" ON "drone_candidates" USING btree ("project_code","state","section_code") WHERE state <> 'candidate' and state <> 'dropped';
--> statement-breakpoint
CREATE INDEX "drone_candidates_position_idx" ON "drone_candidates" USING btree ("project_code","lng","lat") WHERE state = 'confirmed';
--> statement-breakpoint
CREATE TABLE "drone_settings" (
	"project_code" text PRIMARY KEY NOT NULL REFERENCES "projects"("code"),
	"close_radius_m" real DEFAULT 5 NOT NULL,
	"open_window_days" integer DEFAULT 14 NOT NULL
);
