-- The marks of one statement took one shared advisory lock per partner it touched: a statement over 50,000
-- partners (the large seed, an operator's mass change, an intake batch) ran PostgreSQL out of lock slots
-- ("out of shared memory", max_locks_per_transaction). The lock is now per bucket of partners (partner id
-- modulo 1024), so a statement holds at most 1024 of them; the reader (sla/summary.ts, LOCK_BUCKETS) takes
-- the same bucket. Two partners of one bucket only make a reader count directly while the other writes.
CREATE OR REPLACE FUNCTION sla_mark_months(partner_ids integer[], months date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  read_committed boolean := current_setting('transaction_isolation') = 'read committed';
BEGIN
  IF partner_ids IS NULL OR cardinality(partner_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('sla-months'), b)
  FROM (SELECT DISTINCT p % 1024 AS b FROM unnest(partner_ids) AS p ORDER BY 1) AS d;
  INSERT INTO sla_month_changes (partner_id, month)
  SELECT c.p, c.m
  FROM (SELECT DISTINCT u.p, u.m FROM unnest(partner_ids, months) AS u(p, m) WHERE u.m IS NOT NULL) AS c
  WHERE NOT read_committed
     OR (EXISTS (SELECT 1 FROM sla_months s WHERE s.partner_id = c.p AND s.month = c.m)
         AND NOT EXISTS (SELECT 1 FROM sla_month_changes x WHERE x.partner_id = c.p AND x.month = c.m))
  ORDER BY c.p, c.m;
END $$;
