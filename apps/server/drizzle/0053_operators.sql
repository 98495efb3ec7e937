-- Operator roles (issue 24): an operator holds one or more roles; the administrators of before keep everything.
ALTER TABLE "accounts" ADD COLUMN "operator_roles" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
UPDATE "accounts" SET "operator_roles" = '{administrator}' WHERE "is_admin";
--> statement-breakpoint
-- A support operator's impersonation reads and changes nothing.
ALTER TABLE "sessions" ADD COLUMN "read_only" boolean DEFAULT false NOT NULL;
