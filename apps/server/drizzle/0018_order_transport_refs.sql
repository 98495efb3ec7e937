ALTER TABLE "order_items" ADD COLUMN "item_references" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transport_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_mdp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_dip" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_partner_order_type_idx" ON "orders" USING btree ("partner_id","order_type","id");