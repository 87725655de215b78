CREATE TABLE "course_status_totals" (
	"park_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_status_totals_park_id_status_pk" PRIMARY KEY("park_id","status")
);
--> statement-breakpoint
ALTER TABLE "course_status_totals" ADD CONSTRAINT "course_status_totals_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts follow every change of courses, one statement at a time (as contract_totals follows
-- contracts, 0018): the rows a statement wrote are counted per park and status (new rows in, old
-- rows out) and applied in key order; an edit that keeps the status touches no count, so it takes
-- no lock there. A delete only subtracts, so a park's deletion never re-creates a row.
CREATE FUNCTION "course_status_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, park_id, status FROM new_rows'
    WHEN 'UPDATE' THEN 'SELECT 1 AS s, park_id, status FROM new_rows UNION ALL SELECT -1 AS s, park_id, status FROM old_rows'
    ELSE 'SELECT -1 AS s, park_id, status FROM old_rows' END;
  v_delta text;
BEGIN
  v_delta := format($q$
    SELECT * FROM (SELECT park_id, status, sum(s)::int AS n FROM (%s) c GROUP BY park_id, status) d WHERE n <> 0
  $q$, v_changes);
  IF TG_OP = 'DELETE' THEN
    EXECUTE format($q$
      UPDATE course_status_totals t SET n = t.n + d.n FROM (%s) d WHERE t.park_id = d.park_id AND t.status = d.status
    $q$, v_delta);
  ELSE
    EXECUTE format($q$
      INSERT INTO course_status_totals AS t (park_id, status, n)
      SELECT * FROM (%s) d ORDER BY park_id, status
      ON CONFLICT (park_id, status) DO UPDATE SET n = t.n + excluded.n
    $q$, v_delta);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "courses_status_totals_insert" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_status_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "courses_status_totals_update" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_status_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "courses_status_totals_delete" AFTER DELETE ON "courses" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_status_totals_follow"();--> statement-breakpoint
-- Courses written before the triggers existed.
INSERT INTO course_status_totals (park_id, status, n)
SELECT park_id, status, count(*) FROM courses GROUP BY park_id, status;
