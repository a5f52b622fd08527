CREATE TABLE "provider_connections" (
	"provider" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'syncing' NOT NULL,
	"account_id" text,
	"api_key_sealed" text NOT NULL,
	"webhook_secret_sealed" text,
	"last_synced_at" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_connections_provider_valid" CHECK ("provider_connections"."provider" in ('stripe', 'lemonsqueezy', 'paddle', 'polar')),
	CONSTRAINT "provider_connections_status_valid" CHECK ("provider_connections"."status" in ('syncing', 'ok', 'failing', 'key-rejected'))
);
