CREATE TABLE "contract_active_parties" (
	"park_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "contract_active_parties_park_id_kind_party_id_pk" PRIMARY KEY("park_id","kind","party_id")
);
--> statement-breakpoint
CREATE TABLE "contract_totals" (
	"park_id" uuid NOT NULL,
	"status" text NOT NULL,
	"contract_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"total_paid" bigint DEFAULT 0 NOT NULL,
	"remaining_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "contract_totals_park_id_status_contract_type_pk" PRIMARY KEY("park_id","status","contract_type")
);
--> statement-breakpoint
ALTER TABLE "contract_active_parties" ADD CONSTRAINT "contract_active_parties_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_totals" ADD CONSTRAINT "contract_totals_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_active_parties_empty_idx" ON "contract_active_parties" USING btree ("park_id") WHERE "contract_active_parties"."n" <= 0;--> statement-breakpoint
CREATE INDEX "contracts_park_type_idx" ON "contracts" USING btree ("park_id","contract_type","created_at","id");--> statement-breakpoint
-- The totals follow every change of contracts, one statement at a time (as recipe_day_totals
-- follows recipes, 0010): the rows a statement wrote are summed per park, status and type (new
-- rows in, old rows out) and applied in key order; a change that moves no figure (a contract's
-- description, its next due date) touches no totals row, so it takes no lock there. A delete only
-- subtracts, so a park's deletion cascading through both tables never re-creates a row.
CREATE FUNCTION "contract_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, park_id, status, contract_type, total_amount, total_paid, remaining_amount, vehicle_id, driver_id FROM new_rows'
    WHEN 'UPDATE' THEN 'SELECT 1 AS s, park_id, status, contract_type, total_amount, total_paid, remaining_amount, vehicle_id, driver_id FROM new_rows
                        UNION ALL SELECT -1 AS s, park_id, status, contract_type, total_amount, total_paid, remaining_amount, vehicle_id, driver_id FROM old_rows'
    ELSE 'SELECT -1 AS s, park_id, status, contract_type, total_amount, total_paid, remaining_amount, vehicle_id, driver_id FROM old_rows' END;
  v_parties text;
  v_delta text;
BEGIN
  v_delta := format($q$
    SELECT * FROM (
      SELECT park_id, status, contract_type, sum(s)::int AS n, sum(s * total_amount)::bigint AS total_amount,
             sum(s * total_paid)::bigint AS total_paid, sum(s * remaining_amount)::bigint AS remaining_amount
        FROM (%s) c GROUP BY park_id, status, contract_type) d
     WHERE (n, total_amount, total_paid, remaining_amount) <> (0, 0, 0, 0)
  $q$, v_changes);
  -- The vehicles and drivers under an ACTIVE contract (a driver's only as the buyer), each with its
  -- number of such contracts: a row per party while it has one, removed when it has none left.
  v_parties := format($q$
    SELECT * FROM (
      SELECT park_id, kind, party_id, sum(s)::int AS n FROM (
        SELECT s, park_id, 'vehicle' AS kind, vehicle_id AS party_id FROM (%1$s) c WHERE status = 'ACTIVE'
        UNION ALL
        SELECT s, park_id, 'driver', driver_id FROM (%1$s) c WHERE status = 'ACTIVE' AND contract_type = 'DRIVER' AND driver_id IS NOT NULL
      ) p GROUP BY park_id, kind, party_id) d
     WHERE n <> 0
  $q$, v_changes);
  IF TG_OP = 'DELETE' THEN
    EXECUTE format($q$
      UPDATE contract_active_parties t SET n = t.n + d.n
        FROM (%s) d WHERE t.park_id = d.park_id AND t.kind = d.kind AND t.party_id = d.party_id
    $q$, v_parties);
  ELSE
    EXECUTE format($q$
      INSERT INTO contract_active_parties AS t (park_id, kind, party_id, n)
      SELECT * FROM (%s) d ORDER BY park_id, kind, party_id
      ON CONFLICT (park_id, kind, party_id) DO UPDATE SET n = t.n + excluded.n
    $q$, v_parties);
  END IF;
  -- Parties left with no active contract (found through the partial index of such rows).
  DELETE FROM contract_active_parties WHERE n <= 0;
  IF TG_OP = 'DELETE' THEN
    EXECUTE format($q$
      UPDATE contract_totals t SET n = t.n + d.n, total_amount = t.total_amount + d.total_amount,
             total_paid = t.total_paid + d.total_paid, remaining_amount = t.remaining_amount + d.remaining_amount
        FROM (%s) d WHERE t.park_id = d.park_id AND t.status = d.status AND t.contract_type = d.contract_type
    $q$, v_delta);
  ELSE
    EXECUTE format($q$
      INSERT INTO contract_totals AS t (park_id, status, contract_type, n, total_amount, total_paid, remaining_amount)
      SELECT * FROM (%s) d ORDER BY park_id, status, contract_type
      ON CONFLICT (park_id, status, contract_type) DO UPDATE SET n = t.n + excluded.n,
        total_amount = t.total_amount + excluded.total_amount, total_paid = t.total_paid + excluded.total_paid,
        remaining_amount = t.remaining_amount + excluded.remaining_amount
    $q$, v_delta);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contracts_totals_insert" AFTER INSERT ON "contracts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "contract_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "contracts_totals_update" AFTER UPDATE ON "contracts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "contract_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "contracts_totals_delete" AFTER DELETE ON "contracts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "contract_totals_follow"();--> statement-breakpoint
-- Contracts written before the triggers existed.
INSERT INTO contract_totals (park_id, status, contract_type, n, total_amount, total_paid, remaining_amount)
SELECT park_id, status, contract_type, count(*), sum(total_amount), sum(total_paid), sum(remaining_amount)
  FROM contracts GROUP BY park_id, status, contract_type;
--> statement-breakpoint
INSERT INTO contract_active_parties (park_id, kind, party_id, n)
SELECT park_id, kind, party_id, count(*) FROM (
  SELECT park_id, 'vehicle' AS kind, vehicle_id AS party_id FROM contracts WHERE status = 'ACTIVE'
  UNION ALL
  SELECT park_id, 'driver', driver_id FROM contracts WHERE status = 'ACTIVE' AND contract_type = 'DRIVER' AND driver_id IS NOT NULL
) p GROUP BY park_id, kind, party_id;
