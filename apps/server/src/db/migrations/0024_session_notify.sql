-- Every server instance keeps copies for a few seconds: resolved sessions, user names, a
-- project's sections, list totals (platform/changes.ts). These triggers tell every instance, on
-- commit, what a write changed, whoever wrote it (this server, another instance, a person at psql),
-- so each drops what the change concerns. Payloads: 's:<session id>', 'u:<user id>',
-- 'p:<project code>', '*' (a role changed: rare, everything role-based is dropped), 'c' (the
-- records rollup moved), 'w' (workers changed). PostgreSQL folds identical payloads of one transaction into one.
CREATE FUNCTION "pineguard_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('pineguard_changes', CASE TG_TABLE_NAME WHEN 'record_counts' THEN 'c' WHEN 'workers' THEN 'w' ELSE '*' END);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('pineguard_changes', 's:' || r.id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('pineguard_changes', 'u:' || r.id::text);
  ELSIF TG_TABLE_NAME = 'user_project_roles' OR TG_TABLE_NAME = 'user_sections' THEN
    PERFORM pg_notify('pineguard_changes', 'u:' || r.user_id::text);
  ELSIF TG_TABLE_NAME = 'sections' THEN
    PERFORM pg_notify('pineguard_changes', 'p:' || r.project_code);
  ELSE
    PERFORM pg_notify('pineguard_changes', 'p:' || r.code);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_change_notify" AFTER UPDATE OF "ended_at", "project_code", "role_id" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_change_notify" AFTER UPDATE OF "status", "deleted_at", "is_super_admin", "account", "name", "password_hash" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "user_project_roles_change_notify" AFTER INSERT OR UPDATE OR DELETE ON "user_project_roles"
  FOR EACH ROW EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "user_sections_change_notify" AFTER INSERT OR UPDATE OR DELETE ON "user_sections"
  FOR EACH ROW EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "roles_change_notify" AFTER UPDATE OR DELETE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "projects_change_notify" AFTER UPDATE OR DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "sections_change_notify" AFTER INSERT OR UPDATE OR DELETE ON "sections"
  FOR EACH ROW EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "record_counts_change_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "record_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "pineguard_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "workers_change_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workers"
  FOR EACH STATEMENT EXECUTE FUNCTION "pineguard_change_notify"();
