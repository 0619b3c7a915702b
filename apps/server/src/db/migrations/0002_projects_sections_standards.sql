CREATE TABLE "column_descriptors" (
	"table_code" text NOT NULL,
	"code" text NOT NULL,
	"value" text NOT NULL,
	"fld_descript" text DEFAULT '' NOT NULL,
	"fld_input" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "column_descriptors_table_code_code_pk" PRIMARY KEY("table_code","code")
);
--> statement-breakpoint
CREATE TABLE "control_measures" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"standard_table_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_measures" (
	"project_code" text NOT NULL,
	"measure_code" text NOT NULL,
	CONSTRAINT "project_measures_project_code_measure_code_pk" PRIMARY KEY("project_code","measure_code")
);
--> statement-breakpoint
CREATE TABLE "reporting_factors" (
	"code" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"fld_descript" text DEFAULT '' NOT NULL,
	"fld_input" text NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_tables" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "owner_unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "start_date" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "end_date" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "manager_id" uuid;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "area_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "planned_trees" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "planned_volume" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "column_descriptors" ADD CONSTRAINT "column_descriptors_table_code_standard_tables_code_fk" FOREIGN KEY ("table_code") REFERENCES "public"."standard_tables"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_measures" ADD CONSTRAINT "project_measures_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_measures" ADD CONSTRAINT "project_measures_measure_code_control_measures_code_fk" FOREIGN KEY ("measure_code") REFERENCES "public"."control_measures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;