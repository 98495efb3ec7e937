CREATE TABLE "sla_month_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sla_month_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"month" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_month_counts" (
	"partner_id" integer NOT NULL,
	"month" date NOT NULL,
	"sla_type" text NOT NULL,
	"created_from" date NOT NULL,
	"total" integer NOT NULL,
	"broken" integer NOT NULL,
	CONSTRAINT "sla_month_counts_partner_id_month_sla_type_created_from_pk" PRIMARY KEY("partner_id","month","sla_type","created_from")
);
--> statement-breakpoint
CREATE TABLE "sla_months" (
	"partner_id" integer NOT NULL,
	"month" date NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_months_partner_id_month_pk" PRIMARY KEY("partner_id","month")
);
--> statement-breakpoint
CREATE INDEX "sla_month_changes_partner_idx" ON "sla_month_changes" USING btree ("partner_id","month");
--> statement-breakpoint
-- Hand-written (drizzle-kit does not make functions or triggers): a committed change of what the SLA counts marks
-- the partner's months it touches, so the next read counts them again (docs/decisions.md, "Service quality
-- summary"). Statement-level triggers with transition tables: one insert of marks per statement however many
-- orders it changes. The shared advisory lock (held to commit) keeps a reader from re-counting a month while a
-- change to it is being written; readers only try the exclusive lock and never make writers wait for long.
CREATE FUNCTION sla_mark_months(partner_ids integer[], months date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  read_committed boolean := current_setting('transaction_isolation') = 'read committed';
BEGIN
  IF partner_ids IS NULL OR cardinality(partner_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('sla-months'), p)
  FROM (SELECT DISTINCT unnest(partner_ids) AS p ORDER BY 1) AS d;
  -- Under read committed this statement sees every counted month and mark committed before the lock was
  -- granted, so a month nobody counted yet, or one already marked, needs no new mark. An older snapshot
  -- (repeatable read) might not see a month counted meanwhile: mark everything then.
  INSERT INTO sla_month_changes (partner_id, month)
  SELECT c.p, c.m
  FROM (SELECT DISTINCT u.p, u.m FROM unnest(partner_ids, months) AS u(p, m) WHERE u.m IS NOT NULL) AS c
  WHERE NOT read_committed
     OR (EXISTS (SELECT 1 FROM sla_months s WHERE s.partner_id = c.p AND s.month = c.m)
         AND NOT EXISTS (SELECT 1 FROM sla_month_changes x WHERE x.partner_id = c.p AND x.month = c.m))
  ORDER BY c.p, c.m;
END $$;
--> statement-breakpoint
-- The months an order is counted in by each indicator: created, shipped, status due (expected delivery + 7 days),
-- delivered; Central European months, as the indicators date them.
CREATE FUNCTION sla_order_months(created_at timestamptz, shipped_at timestamptz, delivery_date date, delivered_at timestamptz)
RETURNS date[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    date_trunc('month', created_at AT TIME ZONE 'Europe/Prague')::date,
    date_trunc('month', shipped_at AT TIME ZONE 'Europe/Prague')::date,
    date_trunc('month', delivery_date + 7)::date,
    date_trunc('month', delivered_at AT TIME ZONE 'Europe/Prague')::date
  ]
$$;
--> statement-breakpoint
CREATE FUNCTION sla_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  partner_ids integer[];
  months date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.partner_id), array_agg(m) INTO partner_ids, months
    FROM new_rows r, unnest(sla_order_months(r.created_at, r.shipped_at, r.delivery_date, r.delivered_at)) AS m;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.partner_id), array_agg(m) INTO partner_ids, months
    FROM old_rows r, unnest(sla_order_months(r.created_at, r.shipped_at, r.delivery_date, r.delivered_at)) AS m;
  ELSE
    -- Only rows whose counted columns changed: a new branch or customer name leaves the figures as they are.
    SELECT array_agg(x.partner_id), array_agg(x.m) INTO partner_ids, months
    FROM (
      SELECT o.partner_id, m
      FROM old_rows o JOIN new_rows n ON n.partner_id = o.partner_id AND n.id = o.id,
           unnest(sla_order_months(o.created_at, o.shipped_at, o.delivery_date, o.delivered_at)
                  || sla_order_months(n.created_at, n.shipped_at, n.delivery_date, n.delivered_at)) AS m
      WHERE (o.status, o.tracking_number, o.created_at, o.shipped_at, o.delivered_at, o.delivery_date, o.is_test,
             o.is_mall_delivery, o.delivery_type)
            IS DISTINCT FROM
            (n.status, n.tracking_number, n.created_at, n.shipped_at, n.delivered_at, n.delivery_date, n.is_test,
             n.is_mall_delivery, n.delivery_type)
      UNION ALL
      -- A row whose key changed (never done, but then both its old and new months are marked).
      SELECT o.partner_id, m
      FROM old_rows o, unnest(sla_order_months(o.created_at, o.shipped_at, o.delivery_date, o.delivered_at)) AS m
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.partner_id = o.partner_id AND n.id = o.id)
      UNION ALL
      SELECT n.partner_id, m
      FROM new_rows n, unnest(sla_order_months(n.created_at, n.shipped_at, n.delivery_date, n.delivered_at)) AS m
      WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.partner_id = n.partner_id AND o.id = n.id)
    ) AS x;
  END IF;
  PERFORM sla_mark_months(partner_ids, months);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sla_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sla_orders_changed();
--> statement-breakpoint
CREATE TRIGGER sla_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sla_orders_changed();
--> statement-breakpoint
CREATE TRIGGER sla_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sla_orders_changed();
--> statement-breakpoint
-- A marketplace cancellation in the history turns a cancelled order from broken to not broken (cancel rate,
-- dated by the order's creation).
CREATE FUNCTION sla_history_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  partner_ids integer[];
  months date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(o.partner_id), array_agg(date_trunc('month', o.created_at AT TIME ZONE 'Europe/Prague')::date)
    INTO partner_ids, months
    FROM new_rows h JOIN orders o ON o.partner_id = h.partner_id AND o.id = h.order_id
    WHERE h.status = 'cancelled' AND h.source = 'marketplace';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.partner_id), array_agg(date_trunc('month', o.created_at AT TIME ZONE 'Europe/Prague')::date)
    INTO partner_ids, months
    FROM old_rows h JOIN orders o ON o.partner_id = h.partner_id AND o.id = h.order_id
    WHERE h.status = 'cancelled' AND h.source = 'marketplace';
  ELSE
    SELECT array_agg(o.partner_id), array_agg(date_trunc('month', o.created_at AT TIME ZONE 'Europe/Prague')::date)
    INTO partner_ids, months
    FROM (SELECT partner_id, order_id, status, source FROM old_rows
          UNION ALL SELECT partner_id, order_id, status, source FROM new_rows) AS h
    JOIN orders o ON o.partner_id = h.partner_id AND o.id = h.order_id
    WHERE h.status = 'cancelled' AND h.source = 'marketplace';
  END IF;
  PERFORM sla_mark_months(partner_ids, months);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sla_history_inserted AFTER INSERT ON order_status_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sla_history_changed();
--> statement-breakpoint
CREATE TRIGGER sla_history_updated AFTER UPDATE ON order_status_history REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sla_history_changed();
--> statement-breakpoint
CREATE TRIGGER sla_history_deleted AFTER DELETE ON order_status_history REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sla_history_changed();
