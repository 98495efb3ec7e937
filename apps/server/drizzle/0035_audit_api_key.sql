-- Issue 20: a change made through the partner REST API names the key that made it (the dashboard's activity
-- says "your integration", the audit view can filter by key). No foreign key: the trail is append-only and
-- outlives what it names, as account_id does.
ALTER TABLE "audit_log" ADD COLUMN "api_key_id" integer;
