ALTER TABLE "sections" ADD COLUMN "boundary" jsonb;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "boundary_vertices" integer;