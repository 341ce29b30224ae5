-- Issue 29: the data version moves only when a statement changed rows of lawyers. The statement
-- trigger of 0004 also fired for an UPDATE that matched no row (e.g. the start-up's overdue
-- verification recompute), so every restart moved the version and made the search facts' file
-- copy (docs/decisions/006-search-snapshots-on-disk.md) stale. Transition tables tell whether
-- a statement touched a row; one trigger per event (PostgreSQL allows transition tables only on
-- single-event triggers). TRUNCATE has none and always bumps.
DROP TRIGGER IF EXISTS lawyers_bump_search_version ON lawyers;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_search_version_if_rows() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE public.search_state SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lawyers_bump_search_version_insert
  AFTER INSERT ON lawyers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version_if_rows();--> statement-breakpoint
CREATE TRIGGER lawyers_bump_search_version_update
  AFTER UPDATE ON lawyers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version_if_rows();--> statement-breakpoint
CREATE TRIGGER lawyers_bump_search_version_delete
  AFTER DELETE ON lawyers REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version_if_rows();--> statement-breakpoint
CREATE TRIGGER lawyers_bump_search_version_truncate
  AFTER TRUNCATE ON lawyers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
