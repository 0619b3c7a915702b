-- Written by hand (issue 30, 检查验收): samples, their items and the checks (schema/acceptance.ts).
CREATE TABLE "acceptance_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"seed" text NOT NULL,
	"share_pct" double precision NOT NULL,
	"begin" date NOT NULL,
	"end" date NOT NULL,
	"table_codes" text[] NOT NULL,
	"section_codes" text[] NOT NULL,
	"strata" jsonb NOT NULL,
	"population" integer NOT NULL,
	"drawn" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acceptance_items" (
	"sample_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"section_code" text NOT NULL,
	"rank" integer NOT NULL,
	"passed" boolean,
	"check_id" integer,
	CONSTRAINT "acceptance_items_sample_id_record_id_pk" PRIMARY KEY("sample_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "acceptance_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "acceptance_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sample_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"found" boolean NOT NULL,
	"stump_cm" double precision,
	"covered" boolean,
	"branches" boolean,
	"disposal" boolean,
	"photos" text[] NOT NULL,
	"gps_long" double precision,
	"gps_lat" double precision,
	"gps_range" double precision,
	"remark" text DEFAULT '' NOT NULL,
	"passed" boolean NOT NULL,
	"reasons" text[] NOT NULL,
	"checked_by" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acceptance_checks_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "acceptance_samples" ADD CONSTRAINT "acceptance_samples_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptance_samples" ADD CONSTRAINT "acceptance_samples_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptance_items" ADD CONSTRAINT "acceptance_items_sample_id_acceptance_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."acceptance_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptance_checks" ADD CONSTRAINT "acceptance_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acceptance_samples_project_idx" ON "acceptance_samples" USING btree ("project_code","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "acceptance_items_order_idx" ON "acceptance_items" USING btree ("sample_id","section_code","rank");--> statement-breakpoint
CREATE INDEX "acceptance_checks_item_idx" ON "acceptance_checks" USING btree ("sample_id","record_id","id");
