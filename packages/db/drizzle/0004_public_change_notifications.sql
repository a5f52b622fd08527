-- Every committed write to a table the public answers show (the landing page, GET /api/revenue,
-- /api/milestones, /api/experiments) notifies 'journey_public_change' with the table's name. NOTIFY is
-- delivered at commit, whoever wrote (this server, another server process, psql), so each server
-- LISTENing on the channel can empty its cache of public answers. Statement-level: a bulk write sends
-- one notification, and PostgreSQL folds identical ones within a transaction.
CREATE FUNCTION "notify_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journey_public_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "revenues"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "revenue_totals"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "milestones"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "experiments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
