CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"project_code" text,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "worker_faces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "worker_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"worker_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_code" text NOT NULL,
	"section_code" text NOT NULL,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"phone" text NOT NULL,
	"sex" smallint NOT NULL,
	"birth_date" date NOT NULL,
	"region_code" text NOT NULL,
	"team" text DEFAULT '' NOT NULL,
	"job" text DEFAULT '' NOT NULL,
	"id_card_front_id" uuid,
	"id_card_back_id" uuid,
	"current_face_id" uuid,
	"insured" boolean DEFAULT false NOT NULL,
	"insurer" text DEFAULT '' NOT NULL,
	"policy_no" text DEFAULT '' NOT NULL,
	"insurance_start" date,
	"insurance_end" date,
	"review_status" smallint DEFAULT 0 NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"clock_in" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_faces" ADD CONSTRAINT "worker_faces_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_faces" ADD CONSTRAINT "worker_faces_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_faces" ADD CONSTRAINT "worker_faces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_history" ADD CONSTRAINT "worker_history_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_history" ADD CONSTRAINT "worker_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_id_card_front_id_files_id_fk" FOREIGN KEY ("id_card_front_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_id_card_back_id_files_id_fk" FOREIGN KEY ("id_card_back_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_project_code_section_code_sections_project_code_code_fk" FOREIGN KEY ("project_code","section_code") REFERENCES "public"."sections"("project_code","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_recipient_created_idx" ON "notices" USING btree ("recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_faces_worker_idx" ON "worker_faces" USING btree ("worker_id","created_at");--> statement-breakpoint
CREATE INDEX "worker_history_worker_idx" ON "worker_history" USING btree ("worker_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "workers_project_id_number_uq" ON "workers" USING btree ("project_code","id_number") WHERE "workers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workers_project_created_idx" ON "workers" USING btree ("project_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workers_project_review_created_idx" ON "workers" USING btree ("project_code","review_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workers_project_section_created_idx" ON "workers" USING btree ("project_code","section_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workers_project_insurance_end_idx" ON "workers" USING btree ("project_code","insurance_end");--> statement-breakpoint
CREATE INDEX "workers_project_phone_idx" ON "workers" USING btree ("project_code","phone");--> statement-breakpoint
CREATE INDEX "workers_clock_in_insurance_idx" ON "workers" USING btree ("insurance_end") WHERE "workers"."clock_in";