-- Indexes of the orders grids (docs/decisions.md, "Orders grids"); pg_trgm for "contains" filters and search.
-- IF NOT EXISTS: an early draft of this migration ran on some development databases under another timestamp.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_shipped_idx" ON "orders" USING btree ("partner_id","shipped_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_delivered_idx" ON "orders" USING btree ("partner_id","delivered_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_delivery_sort_idx" ON "orders" USING btree ("partner_id","delivery_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_customer_name_idx" ON "orders" USING btree ("partner_id","customer_name","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_total_idx" ON "orders" USING btree ("partner_id","total","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_status_created_idx" ON "orders" USING btree ("partner_id","status","created_at","id") WHERE not "orders"."is_test";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_unfinished_idx" ON "orders" USING btree ("partner_id","delivery_date","id") WHERE "orders"."status" not in ('delivered', 'cancelled', 'returned', 'lost', 'blocked');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_purchase_id_trgm_idx" ON "orders" USING gin ("purchase_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_external_id_trgm_idx" ON "orders" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_tracking_number_trgm_idx" ON "orders" USING gin ("tracking_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_id_text_trgm_idx" ON "orders" USING gin (("id"::text) gin_trgm_ops);