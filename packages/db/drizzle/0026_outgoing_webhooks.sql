CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"message_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	"last_status_code" integer,
	"last_response" text,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_valid" CHECK ("webhook_deliveries"."status" in ('queued', 'sending', 'delivered', 'failed')),
	CONSTRAINT "webhook_deliveries_event_valid" CHECK ("webhook_deliveries"."event_type" in ('revenue.created', 'revenue.corrected', 'milestone.published', 'experiment.changed', 'subscriber.confirmed', 'broadcast.sent'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_sealed" text NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
-- docs/decisions/091-outgoing-webhooks.md: events are queued by triggers, in the transaction of the
-- write that raised them (an outbox): every write path (a typed entry, an import, a provider sync, an
-- undo) raises them, and a crash after the commit loses none. `data` carries ids and public fields only
-- (decision 083): never an amount the owner may hide, never a subscriber's address.
CREATE FUNCTION "webhook_queue"(event text, data jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("endpoint_id", "event_type", "message_id", "payload")
  SELECT e."id", event, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
    jsonb_build_object(
      'type', event,
      'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', data)
  FROM "webhook_endpoints" e
  WHERE e."enabled" AND event = ANY (e."events");
END $$;
--> statement-breakpoint
CREATE FUNCTION "webhook_instant"(value timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
CREATE FUNCTION "webhook_revenue_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_queue"(
    CASE WHEN TG_OP = 'INSERT' THEN 'revenue.created' ELSE 'revenue.corrected' END,
    jsonb_build_object('id', NEW."id", 'source', NEW."source", 'date', "webhook_instant"(NEW."date"),
      'provenance', NEW."provenance"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_revenue_created" AFTER INSERT ON "revenues"
  FOR EACH ROW EXECUTE FUNCTION "webhook_revenue_event"();
--> statement-breakpoint
CREATE TRIGGER "webhook_revenue_corrected" AFTER UPDATE ON "revenues"
  FOR EACH ROW WHEN (OLD."amount" IS DISTINCT FROM NEW."amount" OR OLD."date" IS DISTINCT FROM NEW."date"
    OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."description" IS DISTINCT FROM NEW."description")
  EXECUTE FUNCTION "webhook_revenue_event"();
--> statement-breakpoint
CREATE FUNCTION "webhook_milestone_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_queue"('milestone.published',
    jsonb_build_object('id', NEW."id", 'title', NEW."title", 'day', NEW."day",
      'date', "webhook_instant"(NEW."date")));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A milestone has no draft state: it is public, so published, once it is written.
CREATE TRIGGER "webhook_milestone_published" AFTER INSERT ON "milestones"
  FOR EACH ROW EXECUTE FUNCTION "webhook_milestone_event"();
--> statement-breakpoint
CREATE FUNCTION "webhook_experiment_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_queue"('experiment.changed',
    jsonb_build_object('id', NEW."id", 'slug', NEW."slug", 'title', NEW."title", 'status', NEW."status",
      'state', NEW."state", 'change', lower(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_experiment_created" AFTER INSERT ON "experiments"
  FOR EACH ROW EXECUTE FUNCTION "webhook_experiment_event"();
--> statement-breakpoint
CREATE TRIGGER "webhook_experiment_changed" AFTER UPDATE ON "experiments"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "webhook_experiment_event"();
--> statement-breakpoint
CREATE FUNCTION "webhook_subscriber_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_queue"('subscriber.confirmed',
    jsonb_build_object('id', NEW."id", 'confirmedAt', "webhook_instant"(coalesce(NEW."confirmed_at", now()))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_subscriber_confirmed" AFTER UPDATE OF "status" ON "subscribers"
  FOR EACH ROW WHEN (NEW."status" = 'confirmed' AND OLD."status" IS DISTINCT FROM 'confirmed')
  EXECUTE FUNCTION "webhook_subscriber_event"();
--> statement-breakpoint
CREATE FUNCTION "webhook_broadcast_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_queue"('broadcast.sent',
    jsonb_build_object('id', NEW."id", 'subject', NEW."subject",
      'sentAt', "webhook_instant"(coalesce(NEW."sent_at", now()))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_broadcast_sent" AFTER UPDATE OF "status" ON "broadcasts"
  FOR EACH ROW WHEN (NEW."status" = 'sent' AND OLD."status" IS DISTINCT FROM 'sent')
  EXECUTE FUNCTION "webhook_broadcast_event"();
