CREATE TABLE "safety_attendees" (
	"record_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	CONSTRAINT "safety_attendees_record_id_worker_id_pk" PRIMARY KEY("record_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "safety_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"held_on" date NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"section_code" text,
	"content" text DEFAULT '' NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "insurance_notice_end" date;--> statement-breakpoint
ALTER TABLE "safety_attendees" ADD CONSTRAINT "safety_attendees_record_id_safety_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."safety_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_attendees" ADD CONSTRAINT "safety_attendees_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_records" ADD CONSTRAINT "safety_records_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_records" ADD CONSTRAINT "safety_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_attendees_worker_idx" ON "safety_attendees" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "safety_records_project_held_idx" ON "safety_records" USING btree ("project_code","held_on" DESC NULLS LAST,"id" DESC NULLS LAST);