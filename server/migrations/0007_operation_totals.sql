CREATE TABLE "fund_movement_daily_totals" (
	"park_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"sub_account_id" uuid NOT NULL,
	"caisse_id" uuid NOT NULL,
	"visible_count" integer DEFAULT 0 NOT NULL,
	"counted_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_movement_daily_totals_park_id_day_sub_account_id_caisse_id_pk" PRIMARY KEY("park_id","day","sub_account_id","caisse_id")
);
--> statement-breakpoint
ALTER TABLE "fund_movement_daily_totals" ADD CONSTRAINT "fund_movement_daily_totals_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_movement_daily_totals_type_idx" ON "fund_movement_daily_totals" USING btree ("park_id","type","day");--> statement-breakpoint
-- The daily totals follow every change of fund_movements. A row's share: 1 visible operation unless
-- it is a reversing row; its amount counted when confirmed, not cancelled and not a reversal. An
-- update takes the old share out of the old day and puts the new one in; a delete only takes out
-- (with UPDATE, so a park's deletion cascading through both tables never re-creates a row).
CREATE FUNCTION "fund_movement_totals_add"(p_park uuid, p_at timestamptz, p_type text, p_sub uuid, p_caisse uuid, p_count integer, p_amount bigint, p_create boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (p_at AT TIME ZONE coalesce((SELECT time_zone FROM parks WHERE id = p_park), 'Africa/Douala'))::date;
BEGIN
  IF p_count = 0 AND p_amount = 0 THEN RETURN; END IF;
  IF p_create THEN
    INSERT INTO fund_movement_daily_totals AS t (park_id, day, type, sub_account_id, caisse_id, visible_count, counted_amount)
    VALUES (p_park, v_day, p_type, p_sub, p_caisse, p_count, p_amount)
    ON CONFLICT (park_id, day, sub_account_id, caisse_id)
    DO UPDATE SET visible_count = t.visible_count + excluded.visible_count, counted_amount = t.counted_amount + excluded.counted_amount;
  ELSE
    UPDATE fund_movement_daily_totals SET visible_count = visible_count + p_count, counted_amount = counted_amount + p_amount
    WHERE park_id = p_park AND day = v_day AND sub_account_id = p_sub AND caisse_id = p_caisse;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "fund_movement_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM fund_movement_totals_add(OLD.park_id, OLD.operation_date, OLD.type, OLD.sub_account_id, OLD.caisse_id,
      -(CASE WHEN OLD.reverses_id IS NULL THEN 1 ELSE 0 END),
      -(CASE WHEN OLD.confirmed_at IS NOT NULL AND OLD.canceled_at IS NULL AND OLD.reverses_id IS NULL THEN OLD.amount ELSE 0 END),
      TG_OP = 'UPDATE');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM fund_movement_totals_add(NEW.park_id, NEW.operation_date, NEW.type, NEW.sub_account_id, NEW.caisse_id,
      CASE WHEN NEW.reverses_id IS NULL THEN 1 ELSE 0 END,
      CASE WHEN NEW.confirmed_at IS NOT NULL AND NEW.canceled_at IS NULL AND NEW.reverses_id IS NULL THEN NEW.amount ELSE 0 END,
      true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "fund_movements_totals" AFTER INSERT OR DELETE OR UPDATE OF "park_id", "operation_date", "type", "sub_account_id", "caisse_id", "amount", "confirmed_at", "canceled_at", "reverses_id"
  ON "fund_movements" FOR EACH ROW EXECUTE FUNCTION "fund_movement_totals_follow"();
--> statement-breakpoint
-- Operations written before the trigger existed.
INSERT INTO fund_movement_daily_totals (park_id, day, type, sub_account_id, caisse_id, visible_count, counted_amount)
SELECT f.park_id, (f.operation_date AT TIME ZONE p.time_zone)::date, f.type, f.sub_account_id, f.caisse_id,
  count(*) FILTER (WHERE f.reverses_id IS NULL),
  coalesce(sum(f.amount) FILTER (WHERE f.confirmed_at IS NOT NULL AND f.canceled_at IS NULL AND f.reverses_id IS NULL), 0)
FROM fund_movements f JOIN parks p ON p.id = f.park_id
GROUP BY 1, 2, 3, 4, 5;
