CREATE SEQUENCE "public"."subscription_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "park_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"plan_id" uuid,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"application_type" text DEFAULT 'particulier' NOT NULL,
	"period" text NOT NULL,
	"vehicle_number" integer NOT NULL,
	"price_per_vehicle" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"offer" text,
	"renew" boolean DEFAULT false NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"invoice_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" uuid,
	"plan_id" uuid,
	"type" text NOT NULL,
	"application_type" text NOT NULL,
	"period" text NOT NULL,
	"vehicle_number" integer NOT NULL,
	"added_vehicles" integer DEFAULT 0 NOT NULL,
	"periods" integer DEFAULT 1 NOT NULL,
	"price_per_vehicle" bigint NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"offer" text,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"valid_until" date NOT NULL,
	"payin_id" uuid,
	"paid_at" timestamp with time zone,
	"paid_payin_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payin_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"applied" boolean NOT NULL,
	"detail" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"currency" text NOT NULL,
	"account_type" text NOT NULL,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"price_per_vehicle" bigint NOT NULL,
	"max_vehicles" integer,
	"offer" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_reminders" (
	"subscription_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_reminders_subscription_id_days_before_pk" PRIMARY KEY("subscription_id","days_before")
);
--> statement-breakpoint
ALTER TABLE "park_subscriptions" ADD CONSTRAINT "park_subscriptions_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "park_subscriptions" ADD CONSTRAINT "park_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_subscription_id_park_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."park_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_invoice_id_subscription_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."subscription_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_park_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."park_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "park_subscriptions_one_active_key" ON "park_subscriptions" USING btree ("park_id") WHERE "park_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "park_subscriptions_park_idx" ON "park_subscriptions" USING btree ("park_id","starts_on");--> statement-breakpoint
CREATE INDEX "park_subscriptions_due_idx" ON "park_subscriptions" USING btree ("status","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_number_key" ON "subscription_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "subscription_invoices_park_idx" ON "subscription_invoices" USING btree ("park_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_payin_key" ON "subscription_payments" USING btree ("payin_id");--> statement-breakpoint
CREATE INDEX "subscription_payments_refund_idx" ON "subscription_payments" USING btree ("applied","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_active_key" ON "subscription_plans" USING btree ("country_code","account_type","type","period") WHERE "subscription_plans"."is_active";--> statement-breakpoint
-- The default plans (issue 23 section 1), per vehicle: monthly prices, annual ones at ten months
-- (two months free). The platform's operator changes them from /api/platform/plans.
INSERT INTO "subscription_plans" ("id", "country_code", "currency", "account_type", "type", "period", "price_per_vehicle", "max_vehicles", "offer") VALUES
(gen_random_uuid(), 'CM', 'XAF', 'particulier', 'starter', 'monthly', 2500, 10, NULL),
(gen_random_uuid(), 'CM', 'XAF', 'particulier', 'starter', 'annual', 25000, 10, '2 mois offerts'),
(gen_random_uuid(), 'CM', 'XAF', 'particulier', 'premium', 'monthly', 4000, NULL, NULL),
(gen_random_uuid(), 'CM', 'XAF', 'particulier', 'premium', 'annual', 40000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'CM', 'XAF', 'professionnel', 'starter', 'monthly', 3500, 10, NULL),
(gen_random_uuid(), 'CM', 'XAF', 'professionnel', 'starter', 'annual', 35000, 10, '2 mois offerts'),
(gen_random_uuid(), 'CM', 'XAF', 'professionnel', 'premium', 'monthly', 5500, NULL, NULL),
(gen_random_uuid(), 'CM', 'XAF', 'professionnel', 'premium', 'annual', 55000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'CI', 'XOF', 'particulier', 'starter', 'monthly', 2500, 10, NULL),
(gen_random_uuid(), 'CI', 'XOF', 'particulier', 'starter', 'annual', 25000, 10, '2 mois offerts'),
(gen_random_uuid(), 'CI', 'XOF', 'particulier', 'premium', 'monthly', 4000, NULL, NULL),
(gen_random_uuid(), 'CI', 'XOF', 'particulier', 'premium', 'annual', 40000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'CI', 'XOF', 'professionnel', 'starter', 'monthly', 3500, 10, NULL),
(gen_random_uuid(), 'CI', 'XOF', 'professionnel', 'starter', 'annual', 35000, 10, '2 mois offerts'),
(gen_random_uuid(), 'CI', 'XOF', 'professionnel', 'premium', 'monthly', 5500, NULL, NULL),
(gen_random_uuid(), 'CI', 'XOF', 'professionnel', 'premium', 'annual', 55000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'CD', 'CDF', 'particulier', 'starter', 'monthly', 11500, 10, NULL),
(gen_random_uuid(), 'CD', 'CDF', 'particulier', 'starter', 'annual', 115000, 10, '2 mois offerts'),
(gen_random_uuid(), 'CD', 'CDF', 'particulier', 'premium', 'monthly', 18500, NULL, NULL),
(gen_random_uuid(), 'CD', 'CDF', 'particulier', 'premium', 'annual', 185000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'CD', 'CDF', 'professionnel', 'starter', 'monthly', 16000, 10, NULL),
(gen_random_uuid(), 'CD', 'CDF', 'professionnel', 'starter', 'annual', 160000, 10, '2 mois offerts'),
(gen_random_uuid(), 'CD', 'CDF', 'professionnel', 'premium', 'monthly', 25000, NULL, NULL),
(gen_random_uuid(), 'CD', 'CDF', 'professionnel', 'premium', 'annual', 250000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'SN', 'XOF', 'particulier', 'starter', 'monthly', 2500, 10, NULL),
(gen_random_uuid(), 'SN', 'XOF', 'particulier', 'starter', 'annual', 25000, 10, '2 mois offerts'),
(gen_random_uuid(), 'SN', 'XOF', 'particulier', 'premium', 'monthly', 4000, NULL, NULL),
(gen_random_uuid(), 'SN', 'XOF', 'particulier', 'premium', 'annual', 40000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'SN', 'XOF', 'professionnel', 'starter', 'monthly', 3500, 10, NULL),
(gen_random_uuid(), 'SN', 'XOF', 'professionnel', 'starter', 'annual', 35000, 10, '2 mois offerts'),
(gen_random_uuid(), 'SN', 'XOF', 'professionnel', 'premium', 'monthly', 5500, NULL, NULL),
(gen_random_uuid(), 'SN', 'XOF', 'professionnel', 'premium', 'annual', 55000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'TG', 'XOF', 'particulier', 'starter', 'monthly', 2500, 10, NULL),
(gen_random_uuid(), 'TG', 'XOF', 'particulier', 'starter', 'annual', 25000, 10, '2 mois offerts'),
(gen_random_uuid(), 'TG', 'XOF', 'particulier', 'premium', 'monthly', 4000, NULL, NULL),
(gen_random_uuid(), 'TG', 'XOF', 'particulier', 'premium', 'annual', 40000, NULL, '2 mois offerts'),
(gen_random_uuid(), 'TG', 'XOF', 'professionnel', 'starter', 'monthly', 3500, 10, NULL),
(gen_random_uuid(), 'TG', 'XOF', 'professionnel', 'starter', 'annual', 35000, 10, '2 mois offerts'),
(gen_random_uuid(), 'TG', 'XOF', 'professionnel', 'premium', 'monthly', 5500, NULL, NULL),
(gen_random_uuid(), 'TG', 'XOF', 'professionnel', 'premium', 'annual', 55000, NULL, '2 mois offerts');
