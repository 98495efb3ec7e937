-- Every committed insert into the audit trail is announced with the partners it concerns, so that views
-- cached per process (the dashboard's recent activity) are forgotten as soon as a change is committed:
-- PostgreSQL delivers a NOTIFY only when its transaction commits, and never for a rolled-back one.
CREATE OR REPLACE FUNCTION pp_audit_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  partner_count integer;
  partner_ids text;
BEGIN
  SELECT count(DISTINCT partner_id), string_agg(DISTINCT partner_id::text, ',')
    INTO partner_count, partner_ids
    FROM new_rows WHERE partner_id IS NOT NULL;
  IF partner_count > 0 THEN
    -- A bulk insert (seed, import) over many partners is announced as "all": payloads stay small.
    PERFORM pg_notify('pp_audit', CASE WHEN partner_count > 200 THEN '*' ELSE partner_ids END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_notify AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pp_audit_notify();
