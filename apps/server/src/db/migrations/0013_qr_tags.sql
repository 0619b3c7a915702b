CREATE TABLE "qr_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_code" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"section_code" text,
	"count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_tags" (
	"code" text PRIMARY KEY NOT NULL,
	"project_code" text NOT NULL,
	"flag_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qr_flags" ADD CONSTRAINT "qr_flags_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_flags" ADD CONSTRAINT "qr_flags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tags" ADD CONSTRAINT "qr_tags_project_code_projects_code_fk" FOREIGN KEY ("project_code") REFERENCES "public"."projects"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tags" ADD CONSTRAINT "qr_tags_flag_id_qr_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."qr_flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_flags_name_idx" ON "qr_flags" USING btree ("project_code","name");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_tags_flag_seq_idx" ON "qr_tags" USING btree ("flag_id","seq");--> statement-breakpoint
CREATE INDEX "qr_tags_project_idx" ON "qr_tags" USING btree ("project_code","flag_id","seq");--> statement-breakpoint
CREATE INDEX "records_qrcode_idx" ON "records" USING btree ("project_code",("fields" ->> 'qrcode')) WHERE deleted_at is null and (fields ->> 'qrcode') is not null;--> statement-breakpoint
CREATE INDEX "records_burn_qrcodes_idx" ON "records" USING gin (string_to_array("fields" ->> 'multi_qrcode', ',')) WHERE deleted_at is null and (fields ->> 'multi_qrcode') is not null;