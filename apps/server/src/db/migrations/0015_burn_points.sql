CREATE TABLE "burn_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"section_code" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"gps_long" double precision NOT NULL,
	"gps_lat" double precision NOT NULL,
	"township_code" text DEFAULT '' NOT NULL,
	"capacity" numeric(10, 2),
	"person_in_charge" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'approved' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "burn_points_project_name_uq" UNIQUE("project_code","name")
);
--> statement-breakpoint
ALTER TABLE "burn_points" ADD CONSTRAINT "burn_points_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "burn_points_project_idx" ON "burn_points" USING btree ("project_code","created_at");