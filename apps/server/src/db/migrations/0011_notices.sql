ALTER TABLE "notices" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "params" jsonb;--> statement-breakpoint
CREATE INDEX "notices_unread_idx" ON "notices" USING btree ("recipient_id") WHERE "notices"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notices_created_idx" ON "notices" USING btree ("created_at");