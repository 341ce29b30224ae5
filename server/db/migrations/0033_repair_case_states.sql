-- Issue 27 §1: before the case state machine, a lawyer could decline a case and then move it to
-- another status with PATCH /api/cases/{id}/status, or reach engaged without ever accepting it.
-- Such rows hold a status (and perhaps engaged_at / closed_at) that no accept ever opened; the
-- transition table (lib/case-states.ts) can move none of them and retention skips them. They go
-- back to what the lawyer actually decided: declined if they declined it, else pending; the
-- review window stamp (engaged_at) and the close stamp go, as neither move was allowed.
-- A review already written on such a case stays for a moderator to look at (it is not deleted here).
UPDATE "cases"
SET
  "status" = CASE WHEN "declined_at" IS NOT NULL THEN 'declined' ELSE 'pending' END,
  "engaged_at" = NULL,
  "closed_at" = NULL
WHERE "accepted_at" IS NULL
  AND ("status" NOT IN ('pending', 'declined') OR "engaged_at" IS NOT NULL OR "closed_at" IS NOT NULL);
