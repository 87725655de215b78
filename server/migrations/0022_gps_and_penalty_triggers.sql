CREATE TABLE "driver_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gps_action_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"caused_by" uuid,
	"episode_id" uuid,
	"trigger_title" text,
	"driver_id" uuid,
	"vehicle_id" uuid,
	"debt" bigint,
	"objective" bigint,
	"outcome" text NOT NULL,
	"answer" text
);
--> statement-breakpoint
CREATE TABLE "gps_connections" (
	"park_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"base_url" text,
	"username" text,
	"secret_sealed" text NOT NULL,
	"secret_last4" text NOT NULL,
	"lock_command" text,
	"unlock_command" text,
	"buzzer_command" text,
	"devices" integer,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "penalty_triggers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"calculation_type" text NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"grace_hours" integer DEFAULT 5 NOT NULL,
	"action_type" text,
	"threshold" bigint,
	"selected_action" text NOT NULL,
	"buzzer_duration" integer,
	"stop_delay" integer,
	"buzzer_mode" text,
	"auto_cancel" boolean DEFAULT true NOT NULL,
	"notification_type" text DEFAULT 'email' NOT NULL,
	"notification_message" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"vehicle_group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_episodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"trigger_id" uuid,
	"trigger_title" text NOT NULL,
	"action" text NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"episode_start" date NOT NULL,
	"state" text NOT NULL,
	"debt" bigint NOT NULL,
	"objective" bigint NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_answer" text,
	"released_at" timestamp with time zone,
	"released_by" uuid
);
--> statement-breakpoint
ALTER TABLE "driver_notifications" ADD CONSTRAINT "driver_notifications_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_notifications" ADD CONSTRAINT "driver_notifications_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_action_log" ADD CONSTRAINT "gps_action_log_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_action_log" ADD CONSTRAINT "gps_action_log_caused_by_profiles_id_fk" FOREIGN KEY ("caused_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_action_log" ADD CONSTRAINT "gps_action_log_episode_id_trigger_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."trigger_episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_action_log" ADD CONSTRAINT "gps_action_log_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_action_log" ADD CONSTRAINT "gps_action_log_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_connections" ADD CONSTRAINT "gps_connections_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_connections" ADD CONSTRAINT "gps_connections_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalty_triggers" ADD CONSTRAINT "penalty_triggers_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalty_triggers" ADD CONSTRAINT "penalty_triggers_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_episodes" ADD CONSTRAINT "trigger_episodes_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_episodes" ADD CONSTRAINT "trigger_episodes_trigger_id_penalty_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."penalty_triggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_episodes" ADD CONSTRAINT "trigger_episodes_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_episodes" ADD CONSTRAINT "trigger_episodes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_episodes" ADD CONSTRAINT "trigger_episodes_released_by_profiles_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_notifications_driver_idx" ON "driver_notifications" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "gps_action_log_park_idx" ON "gps_action_log" USING btree ("park_id","at");--> statement-breakpoint
CREATE INDEX "penalty_triggers_park_idx" ON "penalty_triggers" USING btree ("park_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_episodes_once_key" ON "trigger_episodes" USING btree ("trigger_id","driver_id","episode_start");--> statement-breakpoint
CREATE INDEX "trigger_episodes_open_idx" ON "trigger_episodes" USING btree ("park_id","state") WHERE "trigger_episodes"."state" in ('waiting', 'done');--> statement-breakpoint
CREATE INDEX "trigger_episodes_vehicle_idx" ON "trigger_episodes" USING btree ("vehicle_id");