ALTER TABLE "partners" ADD COLUMN "sandbox_of" integer;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_sandbox_of_partners_id_fk" FOREIGN KEY ("sandbox_of") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_sandbox_of_uq" ON "partners" USING btree ("sandbox_of") WHERE "partners"."sandbox_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_accounts_secret_hash_uq" ON "sandbox_accounts" USING btree ("secret_hash");
