CREATE TABLE "clock_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uuid" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_code" text NOT NULL,
	"section_code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gps_long" double precision NOT NULL,
	"gps_lat" double precision NOT NULL,
	"gps_range" double precision DEFAULT 0 NOT NULL,
	"face_file_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clock_ins" ADD CONSTRAINT "clock_ins_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_ins" ADD CONSTRAINT "clock_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_ins" ADD CONSTRAINT "clock_ins_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_ins" ADD CONSTRAINT "clock_ins_face_file_id_files_id_fk" FOREIGN KEY ("face_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clock_ins_uuid_uq" ON "clock_ins" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "clock_ins_worker_at_idx" ON "clock_ins" USING btree ("worker_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clock_ins_project_at_idx" ON "clock_ins" USING btree ("project_code","at");