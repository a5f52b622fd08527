CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
-- The settings show on every public answer built from them (the settings reads, the feeds' titles, the
-- preview images): a write from anywhere notifies 'journey_public_change' like the other public tables
-- (migration 0004), so every server drops what it built from the old settings.
CREATE TRIGGER "public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
