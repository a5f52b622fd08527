ALTER TABLE "milestones" ADD COLUMN "experiment_id" integer;--> statement-breakpoint
ALTER TABLE "revenue_ledger" ADD COLUMN "cost_id" integer;--> statement-breakpoint
ALTER TABLE "revenue_ledger" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "revenue_ledger" ADD COLUMN "revealed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestones_experiment_id_idx" ON "milestones" USING btree ("experiment_id");