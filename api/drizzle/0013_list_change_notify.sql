-- Every write to a row a list answer is made of announces whose row it was: NOTIFY on
-- quarry_list_changes with the owner's user id. The API keeps list answers per user in memory
-- (src/lib/list-cache.ts) and drops a user's on this notice, whoever wrote the row: a route, a
-- job worker, another API process or SQL typed by hand. Identical notices of one transaction
-- are sent once, so a bulk change costs one notice per user. Written once per owner column
-- shape; the tables are those the cached lists read, joined tables included.
CREATE FUNCTION quarry_list_change_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN PERFORM pg_notify('quarry_list_changes', OLD.user_id::text); END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('quarry_list_changes', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION quarry_list_change_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quarry_list_changes', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION quarry_list_change_by_dataset() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  -- gone with its dataset (cascade): the dataset's own trigger has announced it
  SELECT d.user_id INTO owner FROM datasets d WHERE d.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.dataset_id ELSE NEW.dataset_id END);
  IF owner IS NOT NULL THEN PERFORM pg_notify('quarry_list_changes', owner::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION quarry_list_change_by_job() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  SELECT j.user_id INTO owner FROM jobs j WHERE j.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.job_id ELSE NEW.job_id END);
  IF owner IS NOT NULL THEN PERFORM pg_notify('quarry_list_changes', owner::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER files_list_change AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER file_reviews_list_change AFTER INSERT OR UPDATE OR DELETE ON file_reviews FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER datasets_list_change AFTER INSERT OR UPDATE OR DELETE ON datasets FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER dataset_files_list_change AFTER INSERT OR UPDATE OR DELETE ON dataset_files FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_dataset();
--> statement-breakpoint
CREATE TRIGGER prompts_list_change AFTER INSERT OR UPDATE OR DELETE ON prompts FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER output_schemas_list_change AFTER INSERT OR UPDATE OR DELETE ON output_schemas FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER examples_list_change AFTER INSERT OR UPDATE OR DELETE ON examples FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER jobs_list_change AFTER INSERT OR UPDATE OR DELETE ON jobs FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER job_events_list_change AFTER INSERT OR UPDATE OR DELETE ON job_events FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_job();
--> statement-breakpoint
CREATE TRIGGER feedback_list_change AFTER INSERT OR UPDATE OR DELETE ON feedback FOR EACH ROW EXECUTE FUNCTION quarry_list_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER users_list_change AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION quarry_list_change_of_user();
