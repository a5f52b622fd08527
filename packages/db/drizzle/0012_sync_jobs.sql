CREATE TABLE "sync_jobs" (
	"provider" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"cursor" jsonb,
	"again" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	CONSTRAINT "sync_jobs_state_valid" CHECK ("sync_jobs"."state" in ('queued', 'running'))
);
--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD CONSTRAINT "sync_jobs_provider_provider_connections_provider_fk" FOREIGN KEY ("provider") REFERENCES "public"."provider_connections"("provider") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_jobs_due_idx" ON "sync_jobs" USING btree ("state","next_run_at");