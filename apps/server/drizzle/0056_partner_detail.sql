-- Issue 24 points 2 and 3 (partner detail, onboarding queue, registrations) needed no new columns or indexes:
-- the reserved migration stays a no-op so the journal keeps its numbering.
select 1;
