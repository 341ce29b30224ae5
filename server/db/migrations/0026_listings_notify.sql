-- Issue 18 §2 "Several instances": every change of the directory's data version (search_state,
-- bumped by the statement trigger on lawyers, migration 0004, and by refreshSearchData) is
-- announced on the channel `lexatlas_listings` with the new version as payload. Each instance
-- LISTENs on one dedicated connection (server/cluster/notifications.ts) and drops its in-process
-- search and matching copies at once instead of waiting for its once-a-second version poll.
-- pg_notify is transactional: listeners hear it when the writing transaction commits, and
-- several notifications with the same payload in one transaction are folded into one.
CREATE OR REPLACE FUNCTION notify_search_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('lexatlas_listings', NEW.version::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER search_state_notify
  AFTER UPDATE OF version ON search_state
  FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version)
  EXECUTE FUNCTION notify_search_version();
