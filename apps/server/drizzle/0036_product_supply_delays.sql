-- Issue 20, point 3: a product's (or a variant's) supply delay as the marketplace's API sets it: the product
-- waits for its supplier from valid_from to valid_to. Goes with its product (deleted with it); a variant's
-- delay is keyed by the variant's id, which a save of the product keeps.
CREATE TABLE "product_supply_delays" (
	"partner_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_supply_delays_partner_id_product_id_variant_id_pk" PRIMARY KEY("partner_id","product_id","variant_id"),
	CONSTRAINT "product_supply_delays_order_ck" CHECK ("product_supply_delays"."valid_to" > "product_supply_delays"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "product_supply_delays" ADD CONSTRAINT "product_supply_delays_product_fk" FOREIGN KEY ("partner_id","product_id") REFERENCES "public"."products"("partner_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Stock and status changes of the partner REST API (audit data {"availability": true}) are recorded but not
-- announced on pp_audit: connectors send them by the thousand, and PostgreSQL makes every notifying commit
-- wait for the one before it (measured on one table: 7,300 single-row updates/s without a NOTIFY, 290 with
-- one). What they could make stale (the per-process figures) expires within FIGURES_CACHE_TTL_MS anyway.
CREATE OR REPLACE FUNCTION pp_audit_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  partner_count integer;
  partner_ids text;
BEGIN
  SELECT count(DISTINCT partner_id), string_agg(DISTINCT partner_id::text, ',')
    INTO partner_count, partner_ids
    FROM new_rows WHERE partner_id IS NOT NULL AND (data IS NULL OR NOT data @> '{"availability": true}');
  IF partner_count > 0 THEN
    -- A bulk insert (seed, import) over many partners is announced as "all": payloads stay small.
    PERFORM pg_notify('pp_audit', CASE WHEN partner_count > 200 THEN '*' ELSE partner_ids END);
  END IF;
  RETURN NULL;
END
$$;
