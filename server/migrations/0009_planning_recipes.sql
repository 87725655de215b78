CREATE TABLE "planning_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_salary_day" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'principal' NOT NULL,
	"rotation_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rotation_group_vehicles" (
	"rotation_group_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"park_id" uuid NOT NULL,
	"principal_driver_id" uuid,
	"interim_driver_id" uuid,
	CONSTRAINT "rotation_group_vehicles_rotation_group_id_vehicle_id_pk" PRIMARY KEY("rotation_group_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "rotation_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vehicle_group_id" uuid,
	"passation_type" text,
	"region_id" integer,
	"checking" boolean DEFAULT false NOT NULL,
	"collection" boolean DEFAULT false NOT NULL,
	"planning" text DEFAULT 'daily' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"fund_movement_id" uuid,
	"payin_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"day" date NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"frequency" text,
	"collection_type" text,
	"objective" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"salary_amount" bigint DEFAULT 0 NOT NULL,
	"comment" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"salary_payment_id" uuid,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"delete_comment" text
);
--> statement-breakpoint
CREATE TABLE "payins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"operator_id" text,
	"phone" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"ussd_code" text,
	"launch_url" text,
	"purpose" jsonb NOT NULL,
	"driver_id" uuid,
	"vehicle_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "salary_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"gross" bigint NOT NULL,
	"penalties" bigint NOT NULL,
	"net" bigint NOT NULL,
	"payment_type" text NOT NULL,
	"reason" text,
	"fund_movement_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_penalties" (
	"salary_payment_id" uuid NOT NULL,
	"fund_movement_id" uuid PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_movements" ALTER COLUMN "caisse_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_movements" ADD COLUMN "funding" text DEFAULT 'caisse' NOT NULL;--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_rotation_group_id_rotation_groups_id_fk" FOREIGN KEY ("rotation_group_id") REFERENCES "public"."rotation_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_group_vehicles" ADD CONSTRAINT "rotation_group_vehicles_rotation_group_id_rotation_groups_id_fk" FOREIGN KEY ("rotation_group_id") REFERENCES "public"."rotation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_group_vehicles" ADD CONSTRAINT "rotation_group_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_group_vehicles" ADD CONSTRAINT "rotation_group_vehicles_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_group_vehicles" ADD CONSTRAINT "rotation_group_vehicles_principal_driver_id_drivers_id_fk" FOREIGN KEY ("principal_driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_group_vehicles" ADD CONSTRAINT "rotation_group_vehicles_interim_driver_id_drivers_id_fk" FOREIGN KEY ("interim_driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_groups" ADD CONSTRAINT "rotation_groups_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_groups" ADD CONSTRAINT "rotation_groups_vehicle_group_id_vehicle_groups_id_fk" FOREIGN KEY ("vehicle_group_id") REFERENCES "public"."vehicle_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_payments" ADD CONSTRAINT "recipe_payments_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_payments" ADD CONSTRAINT "recipe_payments_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_payments" ADD CONSTRAINT "recipe_payments_fund_movement_id_fund_movements_id_fk" FOREIGN KEY ("fund_movement_id") REFERENCES "public"."fund_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_payments" ADD CONSTRAINT "recipe_payments_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_deleted_by_profiles_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_fund_movement_id_fund_movements_id_fk" FOREIGN KEY ("fund_movement_id") REFERENCES "public"."fund_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_penalties" ADD CONSTRAINT "salary_penalties_salary_payment_id_salary_payments_id_fk" FOREIGN KEY ("salary_payment_id") REFERENCES "public"."salary_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_penalties" ADD CONSTRAINT "salary_penalties_fund_movement_id_fund_movements_id_fk" FOREIGN KEY ("fund_movement_id") REFERENCES "public"."fund_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planning_entries_vehicle_day_slot_key" ON "planning_entries" USING btree ("vehicle_id","day","slot");--> statement-breakpoint
CREATE INDEX "planning_entries_park_day_idx" ON "planning_entries" USING btree ("park_id","day");--> statement-breakpoint
CREATE INDEX "planning_entries_driver_day_idx" ON "planning_entries" USING btree ("driver_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "rotation_group_vehicles_vehicle_key" ON "rotation_group_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "rotation_groups_park_idx" ON "rotation_groups" USING btree ("park_id");--> statement-breakpoint
CREATE INDEX "recipe_payments_recipe_idx" ON "recipe_payments" USING btree ("recipe_id");--> statement-breakpoint
CREATE INDEX "recipe_payments_movement_idx" ON "recipe_payments" USING btree ("fund_movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_expected_key" ON "recipes" USING btree ("vehicle_id","driver_id","period_start") WHERE "recipes"."kind" = 'expected';--> statement-breakpoint
CREATE INDEX "recipes_park_day_idx" ON "recipes" USING btree ("park_id","day") WHERE "recipes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recipes_unpaid_idx" ON "recipes" USING btree ("park_id","day") INCLUDE ("objective","collected","driver_id") WHERE "recipes"."deleted_at" is null and "recipes"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "recipes_driver_day_idx" ON "recipes" USING btree ("driver_id","day");--> statement-breakpoint
CREATE INDEX "recipes_deleted_idx" ON "recipes" USING btree ("park_id","deleted_at") WHERE "recipes"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "payins_park_idx" ON "payins" USING btree ("park_id","created_at");--> statement-breakpoint
CREATE INDEX "payins_pending_idx" ON "payins" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payins_provider_ref_key" ON "payins" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "salary_payments_driver_idx" ON "salary_payments" USING btree ("driver_id","period_start");--> statement-breakpoint
-- Operations paid into the park balance or from a driver's balance have no caisse (funding says where the money is).
CREATE OR REPLACE FUNCTION "fund_movement_totals_add"(p_park uuid, p_at timestamptz, p_type text, p_sub uuid, p_caisse uuid, p_count integer, p_amount bigint, p_create boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (p_at AT TIME ZONE coalesce((SELECT time_zone FROM parks WHERE id = p_park), 'Africa/Douala'))::date;
  v_month date := date_trunc('month', v_day)::date;
BEGIN
  -- Money held in the park balance or a driver's balance has no caisse: its totals share one nil caisse id.
  p_caisse := coalesce(p_caisse, '00000000-0000-0000-0000-000000000000'::uuid);
  IF p_count = 0 AND p_amount = 0 THEN RETURN; END IF;
  IF p_create THEN
    INSERT INTO fund_movement_daily_totals AS t (park_id, day, type, sub_account_id, caisse_id, visible_count, counted_amount)
    VALUES (p_park, v_day, p_type, p_sub, p_caisse, p_count, p_amount)
    ON CONFLICT (park_id, day, sub_account_id, caisse_id)
    DO UPDATE SET visible_count = t.visible_count + excluded.visible_count, counted_amount = t.counted_amount + excluded.counted_amount;
    INSERT INTO fund_movement_monthly_totals AS t (park_id, month, type, sub_account_id, caisse_id, visible_count, counted_amount)
    VALUES (p_park, v_month, p_type, p_sub, p_caisse, p_count, p_amount)
    ON CONFLICT (park_id, month, sub_account_id, caisse_id)
    DO UPDATE SET visible_count = t.visible_count + excluded.visible_count, counted_amount = t.counted_amount + excluded.counted_amount;
  ELSE
    UPDATE fund_movement_daily_totals SET visible_count = visible_count + p_count, counted_amount = counted_amount + p_amount
    WHERE park_id = p_park AND day = v_day AND sub_account_id = p_sub AND caisse_id = p_caisse;
    UPDATE fund_movement_monthly_totals SET visible_count = visible_count + p_count, counted_amount = counted_amount + p_amount
    WHERE park_id = p_park AND month = v_month AND sub_account_id = p_sub AND caisse_id = p_caisse;
  END IF;
END $$;
