DROP INDEX "agreements_partner_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_partner_terms_uq" ON "agreements" USING btree ("partner_id","terms_id");