CREATE TABLE "dead_tree_census" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"xiaoban_code" text NOT NULL,
	"section_code" text DEFAULT '' NOT NULL,
	"township" text NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"dead_count" integer NOT NULL,
	"felled_count" integer NOT NULL,
	"survey_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dead_tree_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"error_file_id" uuid,
	"job_id" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dead_trees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"xiaoban_code" text NOT NULL,
	"tree_no" text NOT NULL,
	"section_code" text DEFAULT '' NOT NULL,
	"township" text NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"species" text NOT NULL,
	"dbh" double precision NOT NULL,
	"height" double precision,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"survey_date" date NOT NULL,
	"felled_date" date,
	"remark" text DEFAULT '' NOT NULL,
	"import_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dead_tree_census" ADD CONSTRAINT "dead_tree_census_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dead_tree_imports" ADD CONSTRAINT "dead_tree_imports_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dead_tree_imports" ADD CONSTRAINT "dead_tree_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dead_tree_imports" ADD CONSTRAINT "dead_tree_imports_error_file_id_files_id_fk" FOREIGN KEY ("error_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dead_tree_imports" ADD CONSTRAINT "dead_tree_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dead_trees" ADD CONSTRAINT "dead_trees_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dead_trees" ADD CONSTRAINT "dead_trees_import_id_dead_tree_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."dead_tree_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dead_tree_census_project_xiaoban_uq" ON "dead_tree_census" USING btree ("project_code","xiaoban_code");--> statement-breakpoint
CREATE INDEX "dead_tree_imports_project_created_idx" ON "dead_tree_imports" USING btree ("project_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dead_tree_imports_project_sha_idx" ON "dead_tree_imports" USING btree ("project_code","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "dead_trees_project_xiaoban_tree_uq" ON "dead_trees" USING btree ("project_code","xiaoban_code","tree_no");