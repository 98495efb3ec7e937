-- The audit view (issue 24): every filter reads the trail newest first by (at, id) through its own index, so a
-- page over millions of rows is one index range, never a full scan (bench/audit.ts shows each plan).
CREATE INDEX IF NOT EXISTS "audit_log_at_idx" ON "audit_log" USING btree ("at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_partner_at_idx" ON "audit_log" USING btree ("partner_id","at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_account_at_idx" ON "audit_log" USING btree ("account_id","at","id");
--> statement-breakpoint
-- Impersonated changes are few: only they are indexed by the operator behind them.
CREATE INDEX IF NOT EXISTS "audit_log_admin_at_idx" ON "audit_log" USING btree ("admin_account_id","at","id") WHERE "admin_account_id" is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at","id") WHERE "entity" is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_id_at_idx" ON "audit_log" USING btree ("entity_id","at","id") WHERE "entity_id" is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at","id");
--> statement-breakpoint
-- Feature flags: who switched one last (the cockpit's flag list).
ALTER TABLE "feature_flags" ADD COLUMN IF NOT EXISTS "updated_by" integer;
--> statement-breakpoint
-- The operator home's counts: each queue is a small part of a big table, counted through a partial index.
CREATE INDEX IF NOT EXISTS "partners_billing_requested_idx" ON "partners" USING btree ("id") WHERE "billing_status" = 'requested' and "sandbox_of" is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhooks_broken_idx" ON "webhooks" USING btree ("id") WHERE "status" = 'BROKEN';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feeds_enabled_last_run_idx" ON "feeds" USING btree ("last_run_id") WHERE "enabled";
