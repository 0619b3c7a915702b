DROP INDEX "workers_project_phone_idx";--> statement-breakpoint
CREATE INDEX "workers_project_id_number_idx" ON "workers" USING btree ("project_code","id_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "workers_name_trgm_idx" ON "workers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workers_project_phone_idx" ON "workers" USING btree ("project_code","phone" text_pattern_ops);