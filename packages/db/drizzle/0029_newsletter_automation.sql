CREATE TABLE "newsletter_automation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"welcome_enabled" boolean DEFAULT false NOT NULL,
	"welcome_subject" text DEFAULT '' NOT NULL,
	"welcome_body" text DEFAULT '' NOT NULL,
	"digest_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_automation_one_row" CHECK ("newsletter_automation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind_valid";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "origin" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "milestone_id" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "digest_month" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_milestone_id_key" ON "broadcasts" USING btree ("milestone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_digest_month_key" ON "broadcasts" USING btree ("digest_month");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_welcome_subscriber_key" ON "mail_queue" USING btree ("subscriber_id") WHERE "mail_queue"."kind" = 'welcome';--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_origin_valid" CHECK ("broadcasts"."origin" in ('owner', 'milestone', 'digest'));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind_valid" CHECK ("mail_queue"."kind" in ('confirmation', 'broadcast', 'test', 'security', 'welcome'));