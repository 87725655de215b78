CREATE TABLE "client_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"phone" text NOT NULL,
	"email" text
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"niu" text,
	"rccm" text,
	"business_name" text,
	"city" text,
	"street" text,
	"address" text,
	"courses_count" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (translate(lower(name || ' | ' || coalesce(business_name, '') || ' | ' || phone || ' | ' || coalesce(city, '')), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŒÆ', 'aaaaaaceeeeiiiinooooouuuuyyœæaaaaaaceeeeiiiinooooouuuuyœæ')) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_tariffs" (
	"park_id" uuid PRIMARY KEY NOT NULL,
	"base_fee" bigint DEFAULT 0 NOT NULL,
	"price_per_km" bigint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"maintenance_id" uuid,
	"client_id" uuid NOT NULL,
	"contact_id" uuid,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"start_name" text NOT NULL,
	"start_description" text,
	"start_lat" double precision NOT NULL,
	"start_lng" double precision NOT NULL,
	"end_name" text NOT NULL,
	"end_description" text,
	"end_lat" double precision NOT NULL,
	"end_lng" double precision NOT NULL,
	"distance_m" integer,
	"duration_s" integer,
	"distance_source" text,
	"geometry" jsonb,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"number_of_people" integer DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"description" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"finished_by" uuid,
	"canceled_at" timestamp with time zone,
	"canceled_by" uuid,
	"cancel_reason" text,
	"missed_at" timestamp with time zone,
	"payment_mode" text,
	"caisse_id" uuid,
	"fund_movement_id" uuid,
	"settled_at" timestamp with time zone,
	"settled_transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_types" ADD COLUMN "passengers" integer;--> statement-breakpoint
ALTER TABLE "fund_movements" ADD COLUMN "course_id" uuid;--> statement-breakpoint
ALTER TABLE "fund_movements" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tariffs" ADD CONSTRAINT "course_tariffs_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tariffs" ADD CONSTRAINT "course_tariffs_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_maintenance_id_maintenances_id_fk" FOREIGN KEY ("maintenance_id") REFERENCES "public"."maintenances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_finished_by_profiles_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_canceled_by_profiles_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_caisse_id_caisses_id_fk" FOREIGN KEY ("caisse_id") REFERENCES "public"."caisses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_fund_movement_id_fund_movements_id_fk" FOREIGN KEY ("fund_movement_id") REFERENCES "public"."fund_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_settled_transaction_id_park_transactions_id_fk" FOREIGN KEY ("settled_transaction_id") REFERENCES "public"."park_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_addresses_client_idx" ON "client_addresses" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "clients_park_name_idx" ON "clients" USING btree ("park_id",lower("name"),"id");--> statement-breakpoint
-- As for drivers and vehicles (0003): a trigram index where pg_trgm exists, none in the embedded database.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_park_number_key" ON "courses" USING btree ("park_id","number");--> statement-breakpoint
CREATE INDEX "courses_park_start_idx" ON "courses" USING btree ("park_id","start_date","id");--> statement-breakpoint
CREATE INDEX "courses_park_status_start_idx" ON "courses" USING btree ("park_id","status","start_date","id");--> statement-breakpoint
CREATE INDEX "courses_client_idx" ON "courses" USING btree ("client_id","start_date");--> statement-breakpoint
CREATE INDEX "courses_vehicle_idx" ON "courses" USING btree ("vehicle_id","start_date") WHERE "courses"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "courses_driver_idx" ON "courses" USING btree ("driver_id","start_date") WHERE "courses"."driver_id" is not null;--> statement-breakpoint
CREATE INDEX "courses_open_idx" ON "courses" USING btree ("status","start_date") WHERE "courses"."status" in ('awaiting', 'inProgres');--> statement-breakpoint
CREATE INDEX "fund_movements_course_idx" ON "fund_movements" USING btree ("course_id") WHERE "fund_movements"."course_id" is not null;--> statement-breakpoint
-- The most passengers a course may carry, by vehicle type (the driver's seat aside).
UPDATE "vehicle_types" SET "passengers" = CASE "id"
  WHEN 1 THEN 4 WHEN 2 THEN 4 WHEN 3 THEN 6 WHEN 4 THEN 6 WHEN 5 THEN 4 WHEN 6 THEN 14
  WHEN 7 THEN 1 WHEN 8 THEN 2 WHEN 9 THEN 4 WHEN 10 THEN 2 END
 WHERE "passengers" IS NULL;
--> statement-breakpoint
-- Parks whose chart predates courses: the default 'Courses clients' sub-account becomes the coded
-- one finished courses post to; a park that renamed or removed it gets a new one under its
-- "Revenus d'exploitation" (or its oldest revenue category).
UPDATE pnl_accounts a SET code = 'course'
 WHERE a.name = 'Courses clients' AND a.type = 'profit' AND a.code IS NULL AND a.depth = 2
   AND NOT EXISTS (SELECT 1 FROM pnl_accounts b WHERE b.park_id = a.park_id AND b.code = 'course')
   AND a.id = (SELECT c.id FROM pnl_accounts c WHERE c.park_id = a.park_id AND c.name = 'Courses clients' AND c.type = 'profit' AND c.code IS NULL ORDER BY c.created_at, c.id LIMIT 1);
--> statement-breakpoint
insert into pnl_accounts (id, park_id, parent_id, name, type, code, is_default, depth)
select gen_random_uuid(), p.id,
       (select a.id from pnl_accounts a where a.park_id = p.id and a.type = 'profit' and a.depth = 1
         order by (a.name = 'Revenus d''exploitation') desc, a.created_at, a.id limit 1),
       'Courses clients', 'profit', 'course', true, 2
  from parks p
 where exists (select 1 from pnl_accounts a where a.park_id = p.id and a.type = 'profit' and a.depth = 1)
   and not exists (select 1 from pnl_accounts a where a.park_id = p.id and a.code = 'course')
on conflict do nothing;
