CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "sections_manager_idx" ON "sections" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "user_project_roles_project_role_idx" ON "user_project_roles" USING btree ("project_code","role_id");--> statement-breakpoint
CREATE INDEX "audit_log_project_id_idx" ON "audit_log" USING btree ("project_code","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "invitations_role_idx" ON "invitations" USING btree ("role_id");