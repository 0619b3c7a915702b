ALTER TABLE "files" ADD COLUMN "camera" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "builtin_version" integer DEFAULT 1 NOT NULL;