CREATE TABLE "driver_positions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" real NOT NULL,
	"speed_kmh" real,
	"heading" real
);
--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "gps_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "gps_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_positions_driver_idx" ON "driver_positions" USING btree ("driver_id","recorded_at" desc);--> statement-breakpoint
CREATE INDEX "driver_positions_park_idx" ON "driver_positions" USING btree ("park_id","recorded_at");