-- One trigger per event on "revenues" instead of four (revenue_totals 0003, row_counts 0003,
-- revenue_days 0008, public_change 0004): each PL/pgSQL call and transition table costs on every write,
-- the admin's single-entry POST above all (docs/decisions/048-write-path-under-load.md). The function
-- does what the four did, in the same order of keys, so the tables stay exact whoever writes.
CREATE FUNCTION "revenues_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO revenue_totals AS t (source, amount)
    SELECT source, sum(amount) FROM new_rows GROUP BY source ORDER BY source
    ON CONFLICT (source) DO UPDATE SET amount = t.amount + excluded.amount;
    INSERT INTO revenue_days AS d (day, source, amount, entries)
    SELECT (date AT TIME ZONE 'UTC')::date, source, sum(amount), count(*) FROM new_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, source) DO UPDATE SET amount = d.amount + excluded.amount, entries = d.entries + excluded.entries;
    UPDATE row_counts SET rows = rows + (SELECT count(*) FROM new_rows) WHERE table_name = 'revenues';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO revenue_totals AS t (source, amount)
    SELECT source, -sum(amount) FROM old_rows GROUP BY source ORDER BY source
    ON CONFLICT (source) DO UPDATE SET amount = t.amount + excluded.amount;
    INSERT INTO revenue_days AS d (day, source, amount, entries)
    SELECT (date AT TIME ZONE 'UTC')::date, source, -sum(amount), -count(*) FROM old_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, source) DO UPDATE SET amount = d.amount + excluded.amount, entries = d.entries + excluded.entries;
    DELETE FROM revenue_days WHERE entries = 0;
    UPDATE row_counts SET rows = rows - (SELECT count(*) FROM old_rows) WHERE table_name = 'revenues';
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO revenue_totals AS t (source, amount)
    SELECT source, sum(amount) FROM (
      SELECT source, amount FROM new_rows UNION ALL SELECT source, -amount FROM old_rows
    ) AS delta GROUP BY source ORDER BY source
    ON CONFLICT (source) DO UPDATE SET amount = t.amount + excluded.amount;
    INSERT INTO revenue_days AS d (day, source, amount, entries)
    SELECT day, source, sum(amount), sum(entries) FROM (
      SELECT (date AT TIME ZONE 'UTC')::date AS day, source, amount, 1 AS entries FROM new_rows
      UNION ALL SELECT (date AT TIME ZONE 'UTC')::date, source, -amount, -1 FROM old_rows
    ) AS delta GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, source) DO UPDATE SET amount = d.amount + excluded.amount, entries = d.entries + excluded.entries;
    DELETE FROM revenue_days WHERE entries = 0;
  ELSE
    UPDATE revenue_totals SET amount = 0;
    DELETE FROM revenue_days;
    UPDATE row_counts SET rows = 0 WHERE table_name = 'revenues';
  END IF;
  PERFORM pg_notify('journey_public_change', 'revenues');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "revenue_totals_insert" ON "revenues";--> statement-breakpoint
DROP TRIGGER "revenue_totals_update" ON "revenues";--> statement-breakpoint
DROP TRIGGER "revenue_totals_delete" ON "revenues";--> statement-breakpoint
DROP TRIGGER "revenue_totals_truncate" ON "revenues";--> statement-breakpoint
DROP TRIGGER "revenue_days_insert" ON "revenues";--> statement-breakpoint
DROP TRIGGER "revenue_days_update" ON "revenues";--> statement-breakpoint
DROP TRIGGER "revenue_days_delete" ON "revenues";--> statement-breakpoint
DROP TRIGGER "revenue_days_truncate" ON "revenues";--> statement-breakpoint
DROP TRIGGER "row_counts_insert" ON "revenues";--> statement-breakpoint
DROP TRIGGER "row_counts_delete" ON "revenues";--> statement-breakpoint
DROP TRIGGER "row_counts_truncate" ON "revenues";--> statement-breakpoint
DROP TRIGGER "public_change" ON "revenues";--> statement-breakpoint
-- revenue_totals changes only with "revenues", whose notification empties the same public answers:
-- its own doubled every write's notification and invalidation.
DROP TRIGGER "public_change" ON "revenue_totals";--> statement-breakpoint
DROP FUNCTION "revenue_days_apply"();--> statement-breakpoint
DROP FUNCTION "revenue_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "revenues_insert" AFTER INSERT ON "revenues"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenues_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenues_update" AFTER UPDATE ON "revenues"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenues_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenues_delete" AFTER DELETE ON "revenues"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenues_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenues_truncate" AFTER TRUNCATE ON "revenues"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenues_apply"();
