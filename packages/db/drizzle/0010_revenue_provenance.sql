ALTER TABLE "revenues" DROP CONSTRAINT "revenues_amount_positive";--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "provenance" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "original_amount" numeric(14, 2);--> statement-breakpoint
-- Every entry with a provider so far was imported from a CSV export (docs/decisions/076-revenue-provenance.md).
UPDATE "revenues" SET "provenance" = 'import' WHERE "provider" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_amount_sign" CHECK ("revenues"."amount" > 0 or ("revenues"."amount" <> 0 and "revenues"."provenance" in ('sync', 'webhook')));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_provenance_valid" CHECK ("revenues"."provenance" in ('manual', 'import', 'sync', 'webhook'));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_provider_valid" CHECK ("revenues"."provider" in ('stripe', 'lemon-squeezy', 'paddle', 'gumroad', 'generic', 'lemonsqueezy', 'polar'));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_currency_code" CHECK ("revenues"."currency" ~ '^[A-Z]{3}$');