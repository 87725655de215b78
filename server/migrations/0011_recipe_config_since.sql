ALTER TABLE "vehicle_recipe_configs" ADD COLUMN "recipes_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Configurations saved before this column: since their last save (the job caught them up as before).
UPDATE "vehicle_recipe_configs" SET "recipes_since" = "updated_at";
