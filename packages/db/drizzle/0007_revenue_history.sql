CREATE TABLE "revenue_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"revenue_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"undo_of" bigint,
	"import_id" integer,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_changes_action_valid" CHECK ("revenue_changes"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "revenue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"added" integer NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp (3) with time zone,
	CONSTRAINT "revenue_imports_provider_valid" CHECK ("revenue_imports"."provider" in ('stripe', 'lemon-squeezy', 'paddle', 'gumroad', 'generic')),
	CONSTRAINT "revenue_imports_source_valid" CHECK ("revenue_imports"."source" in ('ai', 'passive', 'consulting'))
);
--> statement-breakpoint
CREATE TABLE "revenue_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"revenue_id" integer,
	"change_id" bigint,
	"changed_at" timestamp (3) with time zone NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"reason" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "revenue_ledger_hash_hex" CHECK ("revenue_ledger"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "revenue_ledger" ADD CONSTRAINT "revenue_ledger_change_id_revenue_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."revenue_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_changes_revenue_id_id_idx" ON "revenue_changes" USING btree ("revenue_id","id");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_import_id_revenue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."revenue_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revenues_provider_external_id_key" ON "revenues" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "revenues_import_id_idx" ON "revenues" USING btree ("import_id") WHERE "revenues"."import_id" is not null;--> statement-breakpoint
-- The ledger is public (ledger.json, the tracker's 'N corrections'): its writes notify like the other
-- public tables' (migration 0004), so every server drops what it built from the old ledger.
CREATE TRIGGER "public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "revenue_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
