CREATE TABLE "recipe_day_totals" (
	"park_id" uuid NOT NULL,
	"day" date NOT NULL,
	"expected_count" integer DEFAULT 0 NOT NULL,
	"expected_objective" bigint DEFAULT 0 NOT NULL,
	"expected_collected" bigint DEFAULT 0 NOT NULL,
	"expected_remaining" bigint DEFAULT 0 NOT NULL,
	"unpaid_count" integer DEFAULT 0 NOT NULL,
	"unpaid_objective" bigint DEFAULT 0 NOT NULL,
	"unpaid_remaining" bigint DEFAULT 0 NOT NULL,
	"deleted_count" integer DEFAULT 0 NOT NULL,
	"deletions_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recipe_day_totals_park_id_day_pk" PRIMARY KEY("park_id","day")
);
--> statement-breakpoint
DROP INDEX "planning_entries_park_day_idx";--> statement-breakpoint
DROP INDEX "recipes_park_day_idx";--> statement-breakpoint
DROP INDEX "recipes_unpaid_idx";--> statement-breakpoint
ALTER TABLE "recipe_day_totals" ADD CONSTRAINT "recipe_day_totals_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_park_standing_idx" ON "drivers" USING btree ("park_id","created_at","blocked_at","desactivate_at");--> statement-breakpoint
CREATE INDEX "vehicles_park_status_idx" ON "vehicles" USING btree ("park_id","status","created_at");--> statement-breakpoint
CREATE INDEX "planning_entries_park_day_idx" ON "planning_entries" USING btree ("park_id","day","vehicle_id");--> statement-breakpoint
CREATE INDEX "recipes_park_day_idx" ON "recipes" USING btree ("park_id","day","id") WHERE "recipes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recipes_unpaid_idx" ON "recipes" USING btree ("park_id","day","id") INCLUDE ("objective","collected","driver_id") WHERE "recipes"."deleted_at" is null and "recipes"."paid_at" is null;
--> statement-breakpoint
-- The totals follow every change of recipes, one statement at a time: the rows a statement wrote
-- (its transition tables: the new rows counted in, the old ones out) are summed per park and day
-- and applied in (park, day) order, so a bulk insert of a year of recipes costs one upsert per
-- day, not one per recipe. A deleted recipe counts twice: on its recipe day (deleted_count) and on
-- the day it was deleted, in the park's time zone (deletions_count). A delete only subtracts
-- (UPDATE), so a park's deletion cascading through both tables never re-creates a row. The same
-- SQL serves the three events: it is written once and run with EXECUTE.
CREATE FUNCTION "recipe_day_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, * FROM new_rows'
    WHEN 'UPDATE' THEN 'SELECT 1 AS s, * FROM new_rows UNION ALL SELECT -1 AS s, * FROM old_rows'
    ELSE 'SELECT -1 AS s, * FROM old_rows' END;
  v_delta text;
BEGIN
  v_delta := format($q$
    SELECT * FROM (
      SELECT park_id, day,
        sum(s * (live AND kind = 'expected')::int)::int AS expected_count,
        sum(s * CASE WHEN live AND kind = 'expected' THEN objective ELSE 0 END)::bigint AS expected_objective,
        sum(s * CASE WHEN live AND kind = 'expected' THEN collected ELSE 0 END)::bigint AS expected_collected,
        sum(s * CASE WHEN live AND kind = 'expected' AND unpaid THEN remaining ELSE 0 END)::bigint AS expected_remaining,
        sum(s * (live AND unpaid)::int)::int AS unpaid_count,
        sum(s * CASE WHEN live AND unpaid THEN objective ELSE 0 END)::bigint AS unpaid_objective,
        sum(s * CASE WHEN live AND unpaid THEN remaining ELSE 0 END)::bigint AS unpaid_remaining,
        sum(s * (NOT live AND by_recipe_day)::int)::int AS deleted_count,
        sum(s * (NOT by_recipe_day)::int)::int AS deletions_count
      FROM (
        -- Every row on its recipe day, and each deleted one again on its deletion day.
        SELECT c.s, c.park_id, c.day, c.kind, c.objective, c.collected, c.deleted_at IS NULL AS live, c.paid_at IS NULL AS unpaid,
               greatest(c.objective - c.collected, 0) AS remaining, true AS by_recipe_day
          FROM (%1$s) c
        UNION ALL
        SELECT c.s, c.park_id, (c.deleted_at AT TIME ZONE p.time_zone)::date, c.kind, 0, 0, false, false, 0, false
          FROM (%1$s) c JOIN parks p ON p.id = c.park_id
         WHERE c.deleted_at IS NOT NULL
      ) changed
      GROUP BY park_id, day) d
    WHERE (expected_count, expected_objective, expected_collected, expected_remaining, unpaid_count, unpaid_objective,
           unpaid_remaining, deleted_count, deletions_count) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
  $q$, v_changes);
  IF TG_OP = 'DELETE' THEN
    EXECUTE format($q$
      UPDATE recipe_day_totals t SET
        expected_count = t.expected_count + d.expected_count, expected_objective = t.expected_objective + d.expected_objective,
        expected_collected = t.expected_collected + d.expected_collected, expected_remaining = t.expected_remaining + d.expected_remaining,
        unpaid_count = t.unpaid_count + d.unpaid_count, unpaid_objective = t.unpaid_objective + d.unpaid_objective,
        unpaid_remaining = t.unpaid_remaining + d.unpaid_remaining, deleted_count = t.deleted_count + d.deleted_count,
        deletions_count = t.deletions_count + d.deletions_count
      FROM (%s) d WHERE t.park_id = d.park_id AND t.day = d.day
    $q$, v_delta);
  ELSE
    EXECUTE format($q$
      INSERT INTO recipe_day_totals AS t (park_id, day, expected_count, expected_objective, expected_collected, expected_remaining,
                                          unpaid_count, unpaid_objective, unpaid_remaining, deleted_count, deletions_count)
      SELECT * FROM (%s) d ORDER BY park_id, day
      ON CONFLICT (park_id, day) DO UPDATE SET
        expected_count = t.expected_count + excluded.expected_count, expected_objective = t.expected_objective + excluded.expected_objective,
        expected_collected = t.expected_collected + excluded.expected_collected, expected_remaining = t.expected_remaining + excluded.expected_remaining,
        unpaid_count = t.unpaid_count + excluded.unpaid_count, unpaid_objective = t.unpaid_objective + excluded.unpaid_objective,
        unpaid_remaining = t.unpaid_remaining + excluded.unpaid_remaining, deleted_count = t.deleted_count + excluded.deleted_count,
        deletions_count = t.deletions_count + excluded.deletions_count
    $q$, v_delta);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "recipes_day_totals_insert" AFTER INSERT ON "recipes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "recipe_day_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "recipes_day_totals_update" AFTER UPDATE ON "recipes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "recipe_day_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "recipes_day_totals_delete" AFTER DELETE ON "recipes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "recipe_day_totals_follow"();--> statement-breakpoint
-- Recipes written before the triggers existed.
INSERT INTO recipe_day_totals (park_id, day, expected_count, expected_objective, expected_collected, expected_remaining,
                               unpaid_count, unpaid_objective, unpaid_remaining, deleted_count, deletions_count)
SELECT park_id, day, sum(expected_count), sum(expected_objective), sum(expected_collected), sum(expected_remaining),
       sum(unpaid_count), sum(unpaid_objective), sum(unpaid_remaining), sum(deleted_count), sum(deletions_count)
FROM (
  SELECT park_id, day,
    count(*) FILTER (WHERE deleted_at IS NULL AND kind = 'expected') AS expected_count,
    coalesce(sum(objective) FILTER (WHERE deleted_at IS NULL AND kind = 'expected'), 0) AS expected_objective,
    coalesce(sum(collected) FILTER (WHERE deleted_at IS NULL AND kind = 'expected'), 0) AS expected_collected,
    coalesce(sum(greatest(objective - collected, 0)) FILTER (WHERE deleted_at IS NULL AND kind = 'expected' AND paid_at IS NULL), 0) AS expected_remaining,
    count(*) FILTER (WHERE deleted_at IS NULL AND paid_at IS NULL) AS unpaid_count,
    coalesce(sum(objective) FILTER (WHERE deleted_at IS NULL AND paid_at IS NULL), 0) AS unpaid_objective,
    coalesce(sum(greatest(objective - collected, 0)) FILTER (WHERE deleted_at IS NULL AND paid_at IS NULL), 0) AS unpaid_remaining,
    count(*) FILTER (WHERE deleted_at IS NOT NULL) AS deleted_count,
    0 AS deletions_count
  FROM recipes GROUP BY park_id, day
  UNION ALL
  SELECT r.park_id, (r.deleted_at AT TIME ZONE p.time_zone)::date, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
  FROM recipes r JOIN parks p ON p.id = r.park_id
  WHERE r.deleted_at IS NOT NULL
  GROUP BY 1, 2
) backlog
GROUP BY park_id, day;
