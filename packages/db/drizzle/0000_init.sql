CREATE TABLE "experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"status_color" text NOT NULL,
	"project_count" integer NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiments_status_valid" CHECK ("experiments"."status" in ('Active', 'Popular', 'Flagship')),
	CONSTRAINT "experiments_project_count_valid" CHECK ("experiments"."project_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"day" integer NOT NULL,
	"is_revenue" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2),
	CONSTRAINT "milestones_day_positive" CHECK ("milestones"."day" > 0),
	CONSTRAINT "milestones_is_revenue_valid" CHECK ("milestones"."is_revenue" in (0, 1)),
	CONSTRAINT "milestones_amount_only_for_revenue" CHECK ("milestones"."is_revenue" = 1 or "milestones"."amount" is null)
);
--> statement-breakpoint
CREATE TABLE "revenues" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"source" text NOT NULL,
	"description" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenues_amount_positive" CHECK ("revenues"."amount" > 0),
	CONSTRAINT "revenues_source_valid" CHECK ("revenues"."source" in ('ai', 'passive', 'consulting'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"consent" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiments_created_at_id_idx" ON "experiments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "milestones_day_id_idx" ON "milestones" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "revenues_date_id_idx" ON "revenues" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_key" ON "subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "subscribers_created_at_id_idx" ON "subscribers" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");