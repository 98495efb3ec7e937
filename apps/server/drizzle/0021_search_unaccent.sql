-- Search that ignores diacritics where a person types a name ("novak" finds "Novák"; docs/decisions.md).
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it: pp_unaccent is the
-- IMMUTABLE wrapper with the dictionary named, schema-qualified so no search_path changes what it calls.
-- The grids compare lower(pp_unaccent(col)) LIKE lower(pp_unaccent(pattern)), the indexed expression.
-- PGlite loads the extension in platform/db/client.ts.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.pp_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "orders_customer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_name_fold_trgm_idx" ON "orders" USING gin (lower(pp_unaccent("customer_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_title_fold_trgm_idx" ON "products" USING gin (lower(pp_unaccent("title")) gin_trgm_ops);