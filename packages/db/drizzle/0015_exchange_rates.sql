CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"per_euro" numeric(18, 6) NOT NULL,
	"loaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_day_currency_pk" PRIMARY KEY("day","currency"),
	CONSTRAINT "exchange_rates_currency_code" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."per_euro" > 0)
);
