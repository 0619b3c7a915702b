CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "record_counts" (
	"project_code" text NOT NULL,
	"table_code" text NOT NULL,
	"section_code" text NOT NULL,
	"state" text NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "record_counts_project_code_table_code_section_code_state_day_pk" PRIMARY KEY("project_code","table_code","section_code","state","day")
);
--> statement-breakpoint
CREATE TABLE "record_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_code" text NOT NULL,
	"table_code" text NOT NULL,
	"section_code" text NOT NULL,
	"collector_id" uuid NOT NULL,
	"time_submit" timestamp with time zone NOT NULL,
	"time_update" timestamp with time zone DEFAULT now() NOT NULL,
	"time_edit" timestamp with time zone,
	"editor_id" uuid,
	"gps_long" double precision DEFAULT 0 NOT NULL,
	"gps_lat" double precision DEFAULT 0 NOT NULL,
	"gps_alt" double precision DEFAULT 0 NOT NULL,
	"gps_range" double precision DEFAULT 0 NOT NULL,
	"gps_xian" text DEFAULT '' NOT NULL,
	"gps_xiang" text DEFAULT '' NOT NULL,
	"gps_xzcun" text DEFAULT '' NOT NULL,
	"gps_xiaoban" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '10' NOT NULL,
	"state_reason" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"descriptor_version" integer DEFAULT 1 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumb_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "exif_long" double precision;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "exif_lat" double precision;--> statement-breakpoint
ALTER TABLE "standard_tables" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "records_list_idx" ON "records" USING btree ("project_code","table_code","time_submit" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "records_section_state_idx" ON "records" USING btree ("project_code","table_code","section_code","state","time_submit" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "records_state_idx" ON "records" USING btree ("project_code","table_code","state","time_submit" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "records_deleted_idx" ON "records" USING btree ("project_code","table_code","deleted_at" DESC NULLS FIRST) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "records_search_idx" ON "records" USING gin ("search_text" gin_trgm_ops);