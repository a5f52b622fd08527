CREATE TABLE "revenue_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"amount" numeric NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "revenue_days_day_source_pk" PRIMARY KEY("day","source")
);

--> statement-breakpoint
-- Revenue per UTC day and source, kept like revenue_totals (0003) by statement triggers whoever writes:
-- the revenue series and metrics sum days instead of scanning every entry. A day and source without
-- entries has no row, so min(day) is the first entry's day.
INSERT INTO "revenue_days" ("day", "source", "amount", "entries")
SELECT ("date" AT TIME ZONE 'UTC')::date, "source", sum("amount"), count(*)
FROM "revenues"
GROUP BY 1, 2;
--> statement-breakpoint
-- Keys are upserted in order, so concurrent writers lock the rows in the same order and cannot deadlock.
CREATE FUNCTION "revenue_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO revenue_days AS d (day, source, amount, entries)
    SELECT (date AT TIME ZONE 'UTC')::date, source, sum(amount), count(*) FROM new_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, source) DO UPDATE SET amount = d.amount + excluded.amount, entries = d.entries + excluded.entries;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO revenue_days AS d (day, source, amount, entries)
    SELECT (date AT TIME ZONE 'UTC')::date, source, -sum(amount), -count(*) FROM old_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, source) DO UPDATE SET amount = d.amount + excluded.amount, entries = d.entries + excluded.entries;
    DELETE FROM revenue_days WHERE entries = 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO revenue_days AS d (day, source, amount, entries)
    SELECT day, source, sum(amount), sum(entries) FROM (
      SELECT (date AT TIME ZONE 'UTC')::date AS day, source, amount, 1 AS entries FROM new_rows
      UNION ALL SELECT (date AT TIME ZONE 'UTC')::date, source, -amount, -1 FROM old_rows
    ) AS delta GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, source) DO UPDATE SET amount = d.amount + excluded.amount, entries = d.entries + excluded.entries;
    DELETE FROM revenue_days WHERE entries = 0;
  ELSE
    DELETE FROM revenue_days;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "revenue_days_insert" AFTER INSERT ON "revenues"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_days_update" AFTER UPDATE ON "revenues"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_days_delete" AFTER DELETE ON "revenues"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_days_truncate" AFTER TRUNCATE ON "revenues"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_apply"();
