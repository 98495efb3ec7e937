CREATE TABLE "order_stats_days" (
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"items" integer NOT NULL,
	"sales" numeric(16, 2) NOT NULL,
	"delivered" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"returned" integer NOT NULL,
	"shipped" integer NOT NULL,
	"dispatch_seconds" bigint NOT NULL,
	CONSTRAINT "order_stats_days_partner_id_day_country_currency_pk" PRIMARY KEY("partner_id","day","country","currency")
);
--> statement-breakpoint
CREATE TABLE "order_stats_products" (
	"partner_id" integer NOT NULL,
	"month" date NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"product" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"sales" numeric(16, 2) NOT NULL,
	CONSTRAINT "order_stats_products_partner_id_month_country_currency_product_pk" PRIMARY KEY("partner_id","month","country","currency","product")
);
--> statement-breakpoint
CREATE TABLE "order_stats_months" (
	"partner_id" integer NOT NULL,
	"month" date NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_stats_months_partner_id_month_pk" PRIMARY KEY("partner_id","month")
);
--> statement-breakpoint
CREATE TABLE "order_stats_month_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_stats_month_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"month" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_stats_month_changes_partner_idx" ON "order_stats_month_changes" USING btree ("partner_id","month");
--> statement-breakpoint
-- Hand-written (drizzle-kit does not make functions or triggers): the statistics summary is kept current as the
-- SLA summary is (migration 0020 and 0022, docs/decisions.md "Statistics summary"): a committed change of what the
-- figures count marks the partner's months it touches; the next read counts those months again from the orders.
-- Writers hold a shared advisory lock per bucket of partners until commit; a reader only tries the exclusive one.
CREATE FUNCTION order_stats_mark_months(partner_ids integer[], months date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  read_committed boolean := current_setting('transaction_isolation') = 'read committed';
BEGIN
  IF partner_ids IS NULL OR cardinality(partner_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('order-stats-months'), b)
  FROM (SELECT DISTINCT p % 1024 AS b FROM unnest(partner_ids) AS p ORDER BY 1) AS d;
  -- Under read committed this statement sees every counted month and mark committed before the lock was granted:
  -- a month nobody counted yet, or one already marked, needs no new mark. An older snapshot marks everything.
  INSERT INTO order_stats_month_changes (partner_id, month)
  SELECT c.p, c.m
  FROM (SELECT DISTINCT u.p, u.m FROM unnest(partner_ids, months) AS u(p, m) WHERE u.m IS NOT NULL) AS c
  WHERE NOT read_committed
     OR (EXISTS (SELECT 1 FROM order_stats_months s WHERE s.partner_id = c.p AND s.month = c.m)
         AND NOT EXISTS (SELECT 1 FROM order_stats_month_changes x WHERE x.partner_id = c.p AND x.month = c.m))
  ORDER BY c.p, c.m;
END $$;
--> statement-breakpoint
-- The month an order is counted in: its creation, in the shops' calendar (every market keeps Central European time).
CREATE FUNCTION order_stats_month(created_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', created_at AT TIME ZONE 'Europe/Prague')::date
$$;
--> statement-breakpoint
CREATE FUNCTION order_stats_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  partner_ids integer[];
  months date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.partner_id), array_agg(order_stats_month(r.created_at)) INTO partner_ids, months
    FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.partner_id), array_agg(order_stats_month(r.created_at)) INTO partner_ids, months
    FROM old_rows r;
  ELSE
    -- Only rows whose counted columns changed: a new tracking number or customer name leaves the figures alone.
    SELECT array_agg(x.partner_id), array_agg(x.m) INTO partner_ids, months
    FROM (
      SELECT o.partner_id, m
      FROM old_rows o JOIN new_rows n ON n.partner_id = o.partner_id AND n.id = o.id,
           unnest(ARRAY[order_stats_month(o.created_at), order_stats_month(n.created_at)]) AS m
      WHERE (o.status, o.created_at, o.shipped_at, o.total, o.currency, o.delivery_country, o.is_test)
            IS DISTINCT FROM
            (n.status, n.created_at, n.shipped_at, n.total, n.currency, n.delivery_country, n.is_test)
      UNION ALL
      SELECT o.partner_id, order_stats_month(o.created_at)
      FROM old_rows o
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.partner_id = o.partner_id AND n.id = o.id)
      UNION ALL
      SELECT n.partner_id, order_stats_month(n.created_at)
      FROM new_rows n
      WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.partner_id = n.partner_id AND o.id = n.id)
    ) AS x;
  END IF;
  PERFORM order_stats_mark_months(partner_ids, months);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_stats_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_orders_changed();
--> statement-breakpoint
CREATE TRIGGER order_stats_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_orders_changed();
--> statement-breakpoint
CREATE TRIGGER order_stats_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_orders_changed();
--> statement-breakpoint
-- An item counts in its order's month. An item whose order is not there (yet, or any more) counts nowhere: the
-- order's own insert or delete marks that month.
CREATE FUNCTION order_stats_items_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  partner_ids integer[];
  months date[];
BEGIN
  -- Finding an item's month reads its order. Partners none of whose months are counted need no mark (a bulk
  -- insert of new orders, the large seed), so that read is skipped for them; the check runs under the shared lock,
  -- as the marks' own check does, so no reader can count a month between the check and this commit.
  IF current_setting('transaction_isolation') = 'read committed' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT partner_id) INTO partner_ids FROM old_rows;
    ELSIF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT partner_id) INTO partner_ids FROM new_rows;
    ELSE
      SELECT array_agg(DISTINCT p) INTO partner_ids
      FROM (SELECT partner_id AS p FROM old_rows UNION SELECT partner_id FROM new_rows) AS u;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(hashtext('order-stats-months'), b)
    FROM (SELECT DISTINCT p % 1024 AS b FROM unnest(partner_ids) AS p ORDER BY 1) AS d;
    IF NOT EXISTS (SELECT 1 FROM order_stats_months s WHERE s.partner_id = ANY(partner_ids)) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(o.partner_id), array_agg(order_stats_month(o.created_at)) INTO partner_ids, months
    FROM (SELECT DISTINCT partner_id, order_id FROM new_rows) AS i
    JOIN orders o ON o.partner_id = i.partner_id AND o.id = i.order_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.partner_id), array_agg(order_stats_month(o.created_at)) INTO partner_ids, months
    FROM (SELECT DISTINCT partner_id, order_id FROM old_rows) AS i
    JOIN orders o ON o.partner_id = i.partner_id AND o.id = i.order_id;
  ELSE
    SELECT array_agg(o.partner_id), array_agg(order_stats_month(o.created_at)) INTO partner_ids, months
    FROM (
      SELECT o.partner_id, o.order_id FROM old_rows o
      LEFT JOIN new_rows n ON n.partner_id = o.partner_id AND n.order_id = o.order_id AND n.id = o.id
      WHERE n.id IS NULL
         OR (o.quantity, o.unit_price, o.total_discount, o.partner_article_id, o.article_id, o.title)
            IS DISTINCT FROM (n.quantity, n.unit_price, n.total_discount, n.partner_article_id, n.article_id, n.title)
      UNION
      SELECT n.partner_id, n.order_id FROM new_rows n
      WHERE NOT EXISTS (SELECT 1 FROM old_rows o
                        WHERE o.partner_id = n.partner_id AND o.order_id = n.order_id AND o.id = n.id)
    ) AS i
    JOIN orders o ON o.partner_id = i.partner_id AND o.id = i.order_id;
  END IF;
  PERFORM order_stats_mark_months(partner_ids, months);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_stats_items_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_items_changed();
--> statement-breakpoint
CREATE TRIGGER order_stats_items_updated AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_items_changed();
--> statement-breakpoint
CREATE TRIGGER order_stats_items_deleted AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_items_changed();
