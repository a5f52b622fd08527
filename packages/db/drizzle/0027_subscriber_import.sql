ALTER TABLE "subscribers" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "imported_at" timestamp (3) with time zone;
