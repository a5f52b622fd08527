ALTER TABLE "broadcasts" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_slug_key" ON "broadcasts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "broadcasts_sent_at_id_idx" ON "broadcasts" USING btree ("sent_at","id");--> statement-breakpoint
-- Broadcasts sent before the archive existed get their page too (docs/decisions/095-newsletter-archive.md):
-- the subject's letters and digits joined by hyphens, then the id, so no two are alike.
UPDATE "broadcasts" SET "slug" = coalesce(nullif(trim(both '-' from left(regexp_replace(lower("subject"), '[^a-z0-9]+', '-', 'g'), 60)), '') || '-', 'issue-') || "id"::text WHERE "status" <> 'draft' AND "slug" IS NULL;
