-- Issue 22 point 3: a campaign starts and ends on its days (modules/campaigns/schedule.ts). The schedule
-- remembers what it did, so that a second run (or a second server) does nothing twice.
ALTER TABLE "campaigns" ADD COLUMN "started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ended_at" timestamp with time zone;
--> statement-breakpoint
-- A campaign's start and end write rows of source CAMPAIGN into price_history (the lowest price of 30 days
-- counts a campaign's price). They are not the item's regular price: a product or variant inserted again (a
-- save inserts its variants again) compares with the last regular price, or it would record a "change" back
-- from the campaign's price that the seller never made.
CREATE OR REPLACE FUNCTION pp_products_price_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO price_history (partner_id, product_id, variant_id, price, previous_price, source)
  SELECT n.partner_id, n.id, NULL, n.price, last.price, pp_price_source()
  FROM pp_new_rows n
  LEFT JOIN LATERAL (
    SELECT h.price FROM price_history h
    WHERE h.partner_id = n.partner_id AND h.product_id = n.id AND h.variant_id IS NULL
      AND h.source IS DISTINCT FROM 'CAMPAIGN'
    ORDER BY h.variant_id, h.changed_at DESC LIMIT 1
  ) last ON true
  WHERE n.price IS NOT NULL AND n.price IS DISTINCT FROM last.price;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pp_variants_price_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO price_history (partner_id, product_id, variant_id, price, previous_price, source)
  SELECT n.partner_id, n.product_id, n.id, n.price, last.price, pp_price_source()
  FROM pp_new_rows n
  LEFT JOIN LATERAL (
    SELECT h.price FROM price_history h
    WHERE h.partner_id = n.partner_id AND h.product_id = n.product_id AND h.variant_id = n.id
      AND h.source IS DISTINCT FROM 'CAMPAIGN'
    ORDER BY h.changed_at DESC LIMIT 1
  ) last ON true
  WHERE n.price IS NOT NULL AND n.price IS DISTINCT FROM last.price;
  RETURN NULL;
END $$;
