-- Single characters and pairs of a name, lower-cased: what a keyword of one or two characters can
-- match (trigrams need three). Written by hand; drizzle-kit does not track functions. COST tells the
-- planner that computing it row by row is dear, so it takes the index on it.
CREATE OR REPLACE FUNCTION worker_name_grams(name text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$ SELECT coalesce(array_agg(DISTINCT lower(substr(name, i, n))), '{}') FROM generate_series(1, char_length(name)) AS i, (VALUES (1), (2)) AS v(n) WHERE i + n - 1 <= char_length(name) $$;--> statement-breakpoint
DROP INDEX "workers_project_created_idx";--> statement-breakpoint
DROP INDEX "workers_project_review_created_idx";--> statement-breakpoint
DROP INDEX "workers_project_section_created_idx";--> statement-breakpoint
DROP INDEX "workers_project_phone_idx";--> statement-breakpoint
CREATE INDEX "workers_project_id_number_idx" ON "workers" USING btree ("project_code","id_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "workers_name_trgm_idx" ON "workers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workers_name_grams_idx" ON "workers" USING gin (worker_name_grams("name"));--> statement-breakpoint
CREATE INDEX "workers_project_created_idx" ON "workers" USING btree ("project_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workers_project_review_created_idx" ON "workers" USING btree ("project_code","review_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workers_project_section_created_idx" ON "workers" USING btree ("project_code","section_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workers_project_phone_idx" ON "workers" USING btree ("project_code","phone" text_pattern_ops);--> statement-breakpoint
ANALYZE "workers";
