-- The directory's data version (docs/search.md "Caching"): one row, bumped once per statement
-- that writes to lawyers, by any process. Instances compare it with the version of their
-- in-process search copy and caches, so a write anywhere is seen everywhere.
INSERT INTO search_state (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_search_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.search_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lawyers_bump_search_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lawyers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
