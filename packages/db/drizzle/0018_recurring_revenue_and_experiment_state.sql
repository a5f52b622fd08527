CREATE TABLE "subscription_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"product_id" text,
	"price_id" text,
	"period_start" timestamp (3) with time zone NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"interval_unit" text NOT NULL,
	"interval_count" integer DEFAULT 1 NOT NULL,
	"read_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_periods_provider_valid" CHECK ("subscription_periods"."provider" in ('stripe', 'lemonsqueezy', 'paddle', 'polar')),
	CONSTRAINT "subscription_periods_interval_valid" CHECK ("subscription_periods"."interval_unit" in ('day', 'week', 'month', 'year')),
	CONSTRAINT "subscription_periods_interval_count" CHECK ("subscription_periods"."interval_count" > 0),
	CONSTRAINT "subscription_periods_ordered" CHECK ("subscription_periods"."period_end" > "subscription_periods"."period_start"),
	CONSTRAINT "subscription_periods_amount" CHECK ("subscription_periods"."amount" >= 0),
	CONSTRAINT "subscription_periods_currency_code" CHECK ("subscription_periods"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing experiments get a slug from their title; a title that repeats gets its id after it.
UPDATE "experiments" SET "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), ''), 'experiment');--> statement-breakpoint
UPDATE "experiments" e SET "slug" = e."slug" || '-' || e."id" WHERE EXISTS (SELECT 1 FROM "experiments" o WHERE o."slug" = e."slug" AND o."id" < e."id");--> statement-breakpoint
ALTER TABLE "experiments" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "story" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "state" text DEFAULT 'running' NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "state_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "verdict" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_provider_external_id_key" ON "subscription_periods" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "subscription_periods_start_idx" ON "subscription_periods" USING btree ("period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_slug_key" ON "experiments" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_state_valid" CHECK ("experiments"."state" in ('running', 'paused', 'killed'));--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_slug_shape" CHECK ("experiments"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');