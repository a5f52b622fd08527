CREATE TABLE "cost_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"added" integer NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp (3) with time zone,
	CONSTRAINT "cost_imports_format_valid" CHECK ("cost_imports"."format" in ('openai', 'anthropic', 'generic'))
);
--> statement-breakpoint
CREATE TABLE "costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"date" timestamp (3) with time zone NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"experiment_id" integer,
	"format" text,
	"external_id" text,
	"import_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "costs_amount_positive" CHECK ("costs"."amount" > 0),
	CONSTRAINT "costs_category_valid" CHECK ("costs"."category" in ('ai-models', 'hosting', 'tools', 'marketing', 'other')),
	CONSTRAINT "costs_format_valid" CHECK ("costs"."format" in ('openai', 'anthropic', 'generic'))
);
--> statement-breakpoint
CREATE TABLE "experiment_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_assignments_provider_valid" CHECK ("experiment_assignments"."provider" in ('stripe', 'lemonsqueezy', 'paddle', 'polar')),
	CONSTRAINT "experiment_assignments_kind_valid" CHECK ("experiment_assignments"."kind" in ('connection', 'product', 'price')),
	CONSTRAINT "experiment_assignments_value_shape" CHECK (("experiment_assignments"."kind" = 'connection') = ("experiment_assignments"."value" = ''))
);
--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "price_id" text;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "experiment_id" integer;--> statement-breakpoint
ALTER TABLE "costs" ADD CONSTRAINT "costs_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costs" ADD CONSTRAINT "costs_import_id_cost_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."cost_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_assignments" ADD CONSTRAINT "experiment_assignments_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "costs_format_external_id_key" ON "costs" USING btree ("format","external_id");--> statement-breakpoint
CREATE INDEX "costs_experiment_id_idx" ON "costs" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "costs_import_id_idx" ON "costs" USING btree ("import_id") WHERE "costs"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "costs_date_id_idx" ON "costs" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "costs_amount_id_idx" ON "costs" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "costs_category_id_idx" ON "costs" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "costs_description_id_idx" ON "costs" USING btree ("description","id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_assignments_target_key" ON "experiment_assignments" USING btree ("provider","kind","value");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenues_experiment_id_idx" ON "revenues" USING btree ("experiment_id") WHERE "revenues"."experiment_id" is not null;