ALTER TABLE "revenue_changes" ALTER COLUMN "revenue_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_changes" ADD COLUMN "cost_id" integer;--> statement-breakpoint
CREATE INDEX "revenue_changes_cost_id_id_idx" ON "revenue_changes" USING btree ("cost_id","id") WHERE "revenue_changes"."cost_id" is not null;--> statement-breakpoint
ALTER TABLE "revenue_changes" ADD CONSTRAINT "revenue_changes_one_row" CHECK (("revenue_changes"."revenue_id" is null) <> ("revenue_changes"."cost_id" is null));