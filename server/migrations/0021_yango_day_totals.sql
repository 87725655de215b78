CREATE TABLE "yango_day_totals" (
	"park_id" uuid NOT NULL,
	"day" date NOT NULL,
	"vehicle_id" uuid,
	"driver_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"tx_count" integer DEFAULT 0 NOT NULL,
	"revenue_count" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cash_collected" bigint DEFAULT 0 NOT NULL,
	"platform_card" bigint DEFAULT 0 NOT NULL,
	"platform_corporate" bigint DEFAULT 0 NOT NULL,
	"platform_tip" bigint DEFAULT 0 NOT NULL,
	"platform_promotion" bigint DEFAULT 0 NOT NULL,
	"platform_bonus" bigint DEFAULT 0 NOT NULL,
	"platform_fees" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "yango_day_totals_key" UNIQUE NULLS NOT DISTINCT("park_id","day","vehicle_id","driver_id","currency")
);
--> statement-breakpoint
ALTER TABLE "yango_day_totals" ADD CONSTRAINT "yango_day_totals_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yango_day_totals" ADD CONSTRAINT "yango_day_totals_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The breakdown part of a Yango transaction category, as balancePartOf (yango-categories.ts) says:
-- the exact ids first, then the prefixes; null when the category is not revenue. Its test compares
-- the two.
CREATE FUNCTION "yango_balance_part"(category_id text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN c.id IN ('cash_collected', 'partner_ride_cash_collection') THEN 'cash_collected'
    WHEN c.id IN ('card', 'platform_ride_card', 'partner_ride_card') THEN 'platform_card'
    WHEN c.id IN ('corporate', 'platform_ride_corp') THEN 'platform_corporate'
    WHEN c.id IN ('tip', 'platform_ride_tips') THEN 'platform_tip'
    WHEN c.id IN ('bonus', 'platform_bonus') THEN 'platform_bonus'
    WHEN c.id IN ('platform_ride_fee', 'partner_ride_fee', 'platform_ride_vat', 'platform_service_fee') THEN 'platform_fees'
    WHEN starts_with(c.id, 'promotion') THEN 'platform_promotion'
    WHEN starts_with(c.id, 'platform_promotion') THEN 'platform_promotion'
    WHEN starts_with(c.id, 'platform_bonus') THEN 'platform_bonus'
    WHEN starts_with(c.id, 'platform_ride_fee') THEN 'platform_fees'
    WHEN starts_with(c.id, 'platform_fee') THEN 'platform_fees'
    WHEN starts_with(c.id, 'partner_ride_fee') THEN 'platform_fees'
  END FROM (SELECT lower(btrim(category_id)) AS id) c
$$;--> statement-breakpoint
-- The day totals follow every change of yango_transactions, one statement at a time (as 0019): the
-- rows a statement wrote are summed per park, park-local day, vehicle, driver and currency (new rows
-- in, old rows out) and applied in key order. A statement trigger sees only the rows it really
-- wrote, so the sync's `on conflict do nothing` re-reads count nothing twice. The sync only inserts;
-- updates come from a deleted vehicle (`set null`, the sums move to no vehicle) and deletes from a
-- park's or a driver's deletion. A delete only subtracts, and sums join their park and driver, so a
-- deletion cascading through both tables never re-creates a row; rows left at no transaction go.
CREATE FUNCTION "yango_day_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, park_id, event_at, vehicle_id, driver_id, currency, category_id, amount FROM new_rows'
    WHEN 'UPDATE' THEN 'SELECT 1 AS s, park_id, event_at, vehicle_id, driver_id, currency, category_id, amount FROM new_rows
      UNION ALL SELECT -1 AS s, park_id, event_at, vehicle_id, driver_id, currency, category_id, amount FROM old_rows'
    ELSE 'SELECT -1 AS s, park_id, event_at, vehicle_id, driver_id, currency, category_id, amount FROM old_rows' END;
  v_delta text;
BEGIN
  v_delta := format($q$
    SELECT * FROM (
      SELECT x.park_id, (x.event_at AT TIME ZONE p.time_zone)::date AS day, x.vehicle_id, x.driver_id, x.currency,
        sum(x.s)::int AS tx_count,
        coalesce(sum(x.s) FILTER (WHERE x.part IS NOT NULL), 0)::int AS revenue_count,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part IS NOT NULL), 0)::bigint AS revenue,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part = 'cash_collected'), 0)::bigint AS cash_collected,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part = 'platform_card'), 0)::bigint AS platform_card,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part = 'platform_corporate'), 0)::bigint AS platform_corporate,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part = 'platform_tip'), 0)::bigint AS platform_tip,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part = 'platform_promotion'), 0)::bigint AS platform_promotion,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part = 'platform_bonus'), 0)::bigint AS platform_bonus,
        coalesce(sum(x.s * x.amount) FILTER (WHERE x.part = 'platform_fees'), 0)::bigint AS platform_fees
      FROM (SELECT c.*, yango_balance_part(c.category_id) AS part FROM (%s) c) x
      JOIN parks p ON p.id = x.park_id
      WHERE EXISTS (SELECT 1 FROM drivers d WHERE d.id = x.driver_id)
      GROUP BY 1, 2, 3, 4, 5
    ) d
    WHERE tx_count <> 0 OR revenue_count <> 0 OR cash_collected <> 0 OR platform_card <> 0 OR platform_corporate <> 0
      OR platform_tip <> 0 OR platform_promotion <> 0 OR platform_bonus <> 0 OR platform_fees <> 0
  $q$, v_changes);
  IF TG_OP = 'DELETE' THEN
    EXECUTE format($q$
      UPDATE yango_day_totals t SET
        tx_count = t.tx_count + d.tx_count, revenue_count = t.revenue_count + d.revenue_count, revenue = t.revenue + d.revenue,
        cash_collected = t.cash_collected + d.cash_collected, platform_card = t.platform_card + d.platform_card,
        platform_corporate = t.platform_corporate + d.platform_corporate, platform_tip = t.platform_tip + d.platform_tip,
        platform_promotion = t.platform_promotion + d.platform_promotion, platform_bonus = t.platform_bonus + d.platform_bonus,
        platform_fees = t.platform_fees + d.platform_fees
      FROM (%s) d WHERE t.park_id = d.park_id AND t.day = d.day AND t.vehicle_id IS NOT DISTINCT FROM d.vehicle_id AND t.driver_id = d.driver_id AND t.currency = d.currency
    $q$, v_delta);
  ELSE
    EXECUTE format($q$
      INSERT INTO yango_day_totals AS t (park_id, day, vehicle_id, driver_id, currency, tx_count, revenue_count, revenue,
        cash_collected, platform_card, platform_corporate, platform_tip, platform_promotion, platform_bonus, platform_fees)
      SELECT * FROM (%s) d ORDER BY park_id, day, vehicle_id, driver_id, currency
      ON CONFLICT ON CONSTRAINT yango_day_totals_key DO UPDATE SET
        tx_count = t.tx_count + excluded.tx_count, revenue_count = t.revenue_count + excluded.revenue_count, revenue = t.revenue + excluded.revenue,
        cash_collected = t.cash_collected + excluded.cash_collected, platform_card = t.platform_card + excluded.platform_card,
        platform_corporate = t.platform_corporate + excluded.platform_corporate, platform_tip = t.platform_tip + excluded.platform_tip,
        platform_promotion = t.platform_promotion + excluded.platform_promotion, platform_bonus = t.platform_bonus + excluded.platform_bonus,
        platform_fees = t.platform_fees + excluded.platform_fees
    $q$, v_delta);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM yango_day_totals t WHERE t.tx_count = 0 AND (t.park_id, t.driver_id) IN (SELECT DISTINCT park_id, driver_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "yango_transactions_totals_insert" AFTER INSERT ON "yango_transactions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "yango_day_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "yango_transactions_totals_update" AFTER UPDATE ON "yango_transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "yango_day_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "yango_transactions_totals_delete" AFTER DELETE ON "yango_transactions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "yango_day_totals_follow"();--> statement-breakpoint
-- Transactions copied before the triggers existed.
INSERT INTO yango_day_totals (park_id, day, vehicle_id, driver_id, currency, tx_count, revenue_count, revenue,
  cash_collected, platform_card, platform_corporate, platform_tip, platform_promotion, platform_bonus, platform_fees)
SELECT x.park_id, (x.event_at AT TIME ZONE p.time_zone)::date, x.vehicle_id, x.driver_id, x.currency,
  count(*), count(*) FILTER (WHERE x.part IS NOT NULL),
  coalesce(sum(x.amount) FILTER (WHERE x.part IS NOT NULL), 0),
  coalesce(sum(x.amount) FILTER (WHERE x.part = 'cash_collected'), 0),
  coalesce(sum(x.amount) FILTER (WHERE x.part = 'platform_card'), 0),
  coalesce(sum(x.amount) FILTER (WHERE x.part = 'platform_corporate'), 0),
  coalesce(sum(x.amount) FILTER (WHERE x.part = 'platform_tip'), 0),
  coalesce(sum(x.amount) FILTER (WHERE x.part = 'platform_promotion'), 0),
  coalesce(sum(x.amount) FILTER (WHERE x.part = 'platform_bonus'), 0),
  coalesce(sum(x.amount) FILTER (WHERE x.part = 'platform_fees'), 0)
FROM (SELECT t.*, yango_balance_part(t.category_id) AS part FROM yango_transactions t) x JOIN parks p ON p.id = x.park_id
GROUP BY 1, 2, 3, 4, 5;
