CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "broadcasts_status_valid" CHECK ("broadcasts"."status" in ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subscriber_id" integer,
	"broadcast_id" integer,
	"recipient" text NOT NULL,
	"link_origin" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_queue_kind_valid" CHECK ("mail_queue"."kind" in ('confirmation', 'broadcast', 'test')),
	CONSTRAINT "mail_queue_status_valid" CHECK ("mail_queue"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"headers" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriber_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriber_tokens_purpose_valid" CHECK ("subscriber_tokens"."purpose" in ('confirm', 'unsubscribe'))
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consent_version" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "unsubscribed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "confirmation_queued_at" timestamp (3) with time zone;--> statement-breakpoint
-- Addresses stored before double opt-in signed up with the same consent text (v1) and were never asked
-- to confirm: they stay subscribed, with no confirmation time (docs/decisions/040-newsletter-delivery.md).
UPDATE "subscribers" SET "status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_tokens" ADD CONSTRAINT "subscriber_tokens_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_created_at_id_idx" ON "broadcasts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_broadcast_subscriber_key" ON "mail_queue" USING btree ("broadcast_id","subscriber_id") WHERE "mail_queue"."kind" = 'broadcast';--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("status","next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "mail_queue_broadcast_id_status_idx" ON "mail_queue" USING btree ("broadcast_id","status");--> statement-breakpoint
CREATE INDEX "mail_queue_subscriber_id_idx" ON "mail_queue" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "outbox_created_at_id_idx" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscriber_tokens_subscriber_id_idx" ON "subscriber_tokens" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "subscribers_status_id_idx" ON "subscribers" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_status_valid" CHECK ("subscribers"."status" in ('pending', 'confirmed', 'unsubscribed'));