DROP INDEX "products_id_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_id_lower_trgm_idx" ON "products" USING gin (lower("id") gin_trgm_ops);