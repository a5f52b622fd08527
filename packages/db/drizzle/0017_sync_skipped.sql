CREATE TABLE "sync_skipped" (
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"reason" text NOT NULL,
	"seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_skipped_provider_external_id_pk" PRIMARY KEY("provider","external_id")
);
--> statement-breakpoint
ALTER TABLE "sync_skipped" ADD CONSTRAINT "sync_skipped_provider_provider_connections_provider_fk" FOREIGN KEY ("provider") REFERENCES "public"."provider_connections"("provider") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_skipped_seen_at_idx" ON "sync_skipped" USING btree ("seen_at");