ALTER TABLE "drivers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(first_name || ' ' || last_name || ' | ' || last_name || ' ' || first_name || ' | ' || coalesce(cni_number, '') || ' | ' || phone), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŒÆ', 'aaaaaaceeeeiiiinooooouuuuyyœæaaaaaaceeeeiiiinooooouuuuyœæ')) STORED;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(label, '') || ' | ' || registration_number || ' | ' || replace(replace(registration_number, '-', ''), ' ', '')), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŒÆ', 'aaaaaaceeeeiiiinooooouuuuyyœæaaaaaaceeeeiiiinooooouuuuyœæ')) STORED;--> statement-breakpoint
CREATE INDEX "vehicles_park_model_idx" ON "vehicles" USING btree ("park_id","model_id");--> statement-breakpoint
-- Trigram indexes let a search on the folded text read an index instead of every row of the park.
-- On a PostgreSQL server (where large fleets live) pg_trgm comes with the standard contrib modules;
-- the embedded database does without it (its parks are small) and keeps its memory for the rest.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "drivers_search_trgm_idx" ON "drivers" USING gin ("search_text" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "vehicles_search_trgm_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops);
  END IF;
END $$;