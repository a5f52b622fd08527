ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind_valid";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "audit_event_id" bigint;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind_valid" CHECK ("mail_queue"."kind" in ('confirmation', 'broadcast', 'test', 'security'));