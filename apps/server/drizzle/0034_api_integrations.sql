-- Issue 20, points 1, 8 and 9: order webhooks in batches, the applications seen per API key, integration kinds.
CREATE TABLE "webhook_order_changes" (
	"webhook_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"partner_id" integer NOT NULL,
	"noted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_order_changes_webhook_id_order_id_pk" PRIMARY KEY("webhook_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_order_changes" ADD CONSTRAINT "webhook_order_changes_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "orders_batch_minute" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhooks_orders_batch_idx" ON "webhooks" USING btree ("partner_id") WHERE "webhooks"."event" = 'ORDERS_CHANGED';--> statement-breakpoint
CREATE TABLE "api_key_applications" (
	"key_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_applications_key_id_name_version_tag_pk" PRIMARY KEY("key_id","name","version","tag")
);
--> statement-breakpoint
ALTER TABLE "api_key_applications" ADD CONSTRAINT "api_key_applications_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_applications" ADD CONSTRAINT "api_key_applications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_applications_partner_idx" ON "api_key_applications" USING btree ("partner_id","last_seen" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (drizzle-kit does not make functions or triggers): every committed change of an order row, by
-- whichever writer (portal, API, intake, imports, jobs), notes the order for the partner's enabled ORDERS_CHANGED
-- webhooks; the flush job sends each hook's noted ids as one batch a minute (docs/decisions.md, "Order webhooks").
-- Statement-level with transition tables, as the SLA triggers: one insert however many orders a statement
-- changes, and nothing at all for a partner without such a hook (the partial index above answers that).
-- A second change of a noted order adds nothing (the key), so an id is in a batch once.
CREATE FUNCTION webhook_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks WHERE event = 'ORDERS_CHANGED') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO webhook_order_changes (webhook_id, partner_id, order_id)
    SELECT w.id, n.partner_id, n.id
    FROM new_rows n
    JOIN webhooks w ON w.partner_id = n.partner_id AND w.event = 'ORDERS_CHANGED' AND w.is_enabled AND w.status = 'OK'
    ORDER BY 1, 3
    ON CONFLICT DO NOTHING;
  ELSE
    -- Only rows that really changed: a statement that rewrites an order as it was (or only its updated_at)
    -- tells the integration nothing new.
    INSERT INTO webhook_order_changes (webhook_id, partner_id, order_id)
    SELECT w.id, n.partner_id, n.id
    FROM new_rows n
    JOIN webhooks w ON w.partner_id = n.partner_id AND w.event = 'ORDERS_CHANGED' AND w.is_enabled AND w.status = 'OK'
    LEFT JOIN old_rows o ON o.partner_id = n.partner_id AND o.id = n.id
    WHERE o.id IS NULL OR (to_jsonb(o) - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'updated_at')
    ORDER BY 1, 3
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_orders_changed();
--> statement-breakpoint
CREATE TRIGGER webhook_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_orders_changed();
--> statement-breakpoint
-- The plugin provider becomes an integration kind of the domain's list (packages/domain/src/api/integrations.ts);
-- the names written so far (the demo seed's) turn into their codes, anything else stays as written.
UPDATE "partners" SET "plugin_provider" = CASE lower(regexp_replace("plugin_provider", '[^A-Za-z0-9]', '', 'g'))
  WHEN 'shoptet' THEN 'SHOPTET'
  WHEN 'upgates' THEN 'UPGATES'
  WHEN 'eshoprychle' THEN 'ESHOP_RYCHLE'
  WHEN 'woocommerce' THEN 'WOOCOMMERCE'
  WHEN 'prestashop' THEN 'PRESTASHOP'
  WHEN 'magento' THEN 'MAGENTO'
  WHEN 'shopify' THEN 'SHOPIFY'
  WHEN 'moneys3' THEN 'MONEY_S3'
  WHEN 'pohoda' THEN 'POHODA'
  WHEN 'helios' THEN 'HELIOS'
  WHEN 'abra' THEN 'ABRA'
  WHEN 'balikobot' THEN 'BALIKOBOT'
  WHEN 'custom' THEN 'CUSTOM'
  WHEN 'rest' THEN 'REST'
  ELSE "plugin_provider" END
WHERE "plugin_provider" IS NOT NULL;
