CREATE TABLE "yango_connections" (
	"park_id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"yango_park_id" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"api_key_last4" text NOT NULL,
	"yango_park_name" text,
	"yango_park_city" text,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yango_debits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"yango_tx_id" text,
	"fund_movement_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yango_driver_links" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"yango_id" text NOT NULL,
	"use_yango_recipe" boolean DEFAULT false NOT NULL,
	"collect_time" text DEFAULT '09:00' NOT NULL,
	"recipes_since" date NOT NULL,
	"linked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tx_synced_to" timestamp with time zone,
	"tx_cursor" text,
	"orders_synced_to" timestamp with time zone,
	"orders_cursor" text,
	"synced_at" timestamp with time zone,
	"sync_error" text
);
--> statement-breakpoint
CREATE TABLE "yango_link_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"profile_id" uuid,
	"yango_id" text NOT NULL,
	"phone" text NOT NULL,
	"secret_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yango_orders" (
	"park_id" uuid NOT NULL,
	"yango_order_id" text NOT NULL,
	"driver_id" uuid NOT NULL,
	"short_id" text,
	"status" text NOT NULL,
	"booked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"price" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"mileage_m" integer,
	"payment_method" text,
	"category" text,
	"car_number" text,
	"vehicle_id" uuid,
	CONSTRAINT "yango_orders_park_id_yango_order_id_pk" PRIMARY KEY("park_id","yango_order_id")
);
--> statement-breakpoint
CREATE TABLE "yango_transactions" (
	"park_id" uuid NOT NULL,
	"yango_tx_id" text NOT NULL,
	"driver_id" uuid NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"category_id" text NOT NULL,
	"category_name" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text,
	"vehicle_id" uuid,
	CONSTRAINT "yango_transactions_park_id_yango_tx_id_pk" PRIMARY KEY("park_id","yango_tx_id")
);
--> statement-breakpoint
ALTER TABLE "yango_connections" ADD CONSTRAINT "yango_connections_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_connections" ADD CONSTRAINT "yango_connections_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_debits" ADD CONSTRAINT "yango_debits_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_debits" ADD CONSTRAINT "yango_debits_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_debits" ADD CONSTRAINT "yango_debits_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_debits" ADD CONSTRAINT "yango_debits_fund_movement_id_fund_movements_id_fk" FOREIGN KEY ("fund_movement_id") REFERENCES "public"."fund_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_debits" ADD CONSTRAINT "yango_debits_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_driver_links" ADD CONSTRAINT "yango_driver_links_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_driver_links" ADD CONSTRAINT "yango_driver_links_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_driver_links" ADD CONSTRAINT "yango_driver_links_linked_by_profiles_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_link_challenges" ADD CONSTRAINT "yango_link_challenges_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_link_challenges" ADD CONSTRAINT "yango_link_challenges_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_orders" ADD CONSTRAINT "yango_orders_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_orders" ADD CONSTRAINT "yango_orders_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_orders" ADD CONSTRAINT "yango_orders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_transactions" ADD CONSTRAINT "yango_transactions_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_transactions" ADD CONSTRAINT "yango_transactions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_transactions" ADD CONSTRAINT "yango_transactions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yango_debits_recipe_idx" ON "yango_debits" USING btree ("recipe_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "yango_debits_pending_key" ON "yango_debits" USING btree ("recipe_id") WHERE "yango_debits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "yango_driver_links_park_yango_key" ON "yango_driver_links" USING btree ("park_id","yango_id");--> statement-breakpoint
CREATE INDEX "yango_driver_links_synced_idx" ON "yango_driver_links" USING btree ("synced_at");--> statement-breakpoint
CREATE INDEX "yango_link_challenges_park_idx" ON "yango_link_challenges" USING btree ("park_id","yango_id","created_at");--> statement-breakpoint
CREATE INDEX "yango_orders_driver_idx" ON "yango_orders" USING btree ("driver_id","ended_at");--> statement-breakpoint
CREATE INDEX "yango_transactions_driver_idx" ON "yango_transactions" USING btree ("driver_id","event_at");--> statement-breakpoint
CREATE INDEX "yango_transactions_park_event_idx" ON "yango_transactions" USING btree ("park_id","event_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_yango_key" ON "recipes" USING btree ("driver_id","period_start") WHERE "recipes"."kind" = 'expected' and "recipes"."collection_type" = 'yango_recipe';--> statement-breakpoint
ALTER TABLE "drivers" DROP COLUMN "yango_profile_id";