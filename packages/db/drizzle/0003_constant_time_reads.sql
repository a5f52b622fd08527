-- Reads that do not grow with the data: revenue totals and row counts kept by triggers, and one
-- (column, id) index per sortable column so every admin page and sort is an index range scan.
CREATE TABLE "revenue_totals" (
	"source" text PRIMARY KEY NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "experiments_title_id_idx" ON "experiments" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "experiments_status_id_idx" ON "experiments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "experiments_project_count_id_idx" ON "experiments" USING btree ("project_count","id");--> statement-breakpoint
CREATE INDEX "milestones_title_id_idx" ON "milestones" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "milestones_date_id_idx" ON "milestones" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "milestones_is_revenue_id_idx" ON "milestones" USING btree ("is_revenue","id");--> statement-breakpoint
CREATE INDEX "revenues_amount_id_idx" ON "revenues" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "revenues_source_id_idx" ON "revenues" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "revenues_description_id_idx" ON "revenues" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "subscribers_email_id_idx" ON "subscribers" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "subscribers_consent_id_idx" ON "subscribers" USING btree ("consent","id");--> statement-breakpoint
-- Start from what is stored; from here on the triggers below keep both tables, whoever writes (the app,
-- a migration, a bulk INSERT in psql).
INSERT INTO "revenue_totals" ("source", "amount")
SELECT s.source, coalesce(sum(r.amount), 0)
FROM (VALUES ('ai'), ('passive'), ('consulting')) AS s(source)
LEFT JOIN "revenues" r ON r.source = s.source
GROUP BY s.source;
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "rows")
SELECT 'revenues', count(*) FROM "revenues"
UNION ALL SELECT 'milestones', count(*) FROM "milestones"
UNION ALL SELECT 'experiments', count(*) FROM "experiments"
UNION ALL SELECT 'subscribers', count(*) FROM "subscribers";
--> statement-breakpoint
-- Statement-level: a bulk write costs one upsert, not one per row. Sources are upserted in order, so
-- concurrent writers lock the totals in the same order and cannot deadlock on them.
CREATE FUNCTION "revenue_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO revenue_totals AS t (source, amount)
    SELECT source, sum(amount) FROM new_rows GROUP BY source ORDER BY source
    ON CONFLICT (source) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO revenue_totals AS t (source, amount)
    SELECT source, -sum(amount) FROM old_rows GROUP BY source ORDER BY source
    ON CONFLICT (source) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO revenue_totals AS t (source, amount)
    SELECT source, sum(amount) FROM (
      SELECT source, amount FROM new_rows UNION ALL SELECT source, -amount FROM old_rows
    ) AS delta GROUP BY source ORDER BY source
    ON CONFLICT (source) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSE
    UPDATE revenue_totals SET amount = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET rows = rows + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts SET rows = rows - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET rows = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "revenue_totals_insert" AFTER INSERT ON "revenues"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_totals_update" AFTER UPDATE ON "revenues"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_totals_delete" AFTER DELETE ON "revenues"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_totals_truncate" AFTER TRUNCATE ON "revenues"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_insert" AFTER INSERT ON "revenues"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_delete" AFTER DELETE ON "revenues"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_truncate" AFTER TRUNCATE ON "revenues"
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_insert" AFTER INSERT ON "milestones"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_delete" AFTER DELETE ON "milestones"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_truncate" AFTER TRUNCATE ON "milestones"
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_insert" AFTER INSERT ON "experiments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_delete" AFTER DELETE ON "experiments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_truncate" AFTER TRUNCATE ON "experiments"
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_insert" AFTER INSERT ON "subscribers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_delete" AFTER DELETE ON "subscribers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "row_counts_truncate" AFTER TRUNCATE ON "subscribers"
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_apply"();
