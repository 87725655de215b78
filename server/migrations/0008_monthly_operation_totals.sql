CREATE TABLE "fund_movement_monthly_totals" (
	"park_id" uuid NOT NULL,
	"month" date NOT NULL,
	"type" text NOT NULL,
	"sub_account_id" uuid NOT NULL,
	"caisse_id" uuid NOT NULL,
	"visible_count" integer DEFAULT 0 NOT NULL,
	"counted_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_movement_monthly_totals_park_id_month_sub_account_id_caisse_id_pk" PRIMARY KEY("park_id","month","sub_account_id","caisse_id")
);
--> statement-breakpoint
ALTER TABLE "fund_movement_monthly_totals" ADD CONSTRAINT "fund_movement_monthly_totals_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The trigger's helper now keeps the month's row too (same share, same rules as the day's).
CREATE OR REPLACE FUNCTION "fund_movement_totals_add"(p_park uuid, p_at timestamptz, p_type text, p_sub uuid, p_caisse uuid, p_count integer, p_amount bigint, p_create boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (p_at AT TIME ZONE coalesce((SELECT time_zone FROM parks WHERE id = p_park), 'Africa/Douala'))::date;
  v_month date := date_trunc('month', v_day)::date;
BEGIN
  IF p_count = 0 AND p_amount = 0 THEN RETURN; END IF;
  IF p_create THEN
    INSERT INTO fund_movement_daily_totals AS t (park_id, day, type, sub_account_id, caisse_id, visible_count, counted_amount)
    VALUES (p_park, v_day, p_type, p_sub, p_caisse, p_count, p_amount)
    ON CONFLICT (park_id, day, sub_account_id, caisse_id)
    DO UPDATE SET visible_count = t.visible_count + excluded.visible_count, counted_amount = t.counted_amount + excluded.counted_amount;
    INSERT INTO fund_movement_monthly_totals AS t (park_id, month, type, sub_account_id, caisse_id, visible_count, counted_amount)
    VALUES (p_park, v_month, p_type, p_sub, p_caisse, p_count, p_amount)
    ON CONFLICT (park_id, month, sub_account_id, caisse_id)
    DO UPDATE SET visible_count = t.visible_count + excluded.visible_count, counted_amount = t.counted_amount + excluded.counted_amount;
  ELSE
    UPDATE fund_movement_daily_totals SET visible_count = visible_count + p_count, counted_amount = counted_amount + p_amount
    WHERE park_id = p_park AND day = v_day AND sub_account_id = p_sub AND caisse_id = p_caisse;
    UPDATE fund_movement_monthly_totals SET visible_count = visible_count + p_count, counted_amount = counted_amount + p_amount
    WHERE park_id = p_park AND month = v_month AND sub_account_id = p_sub AND caisse_id = p_caisse;
  END IF;
END $$;--> statement-breakpoint
INSERT INTO fund_movement_monthly_totals (park_id, month, type, sub_account_id, caisse_id, visible_count, counted_amount)
SELECT park_id, date_trunc('month', day)::date, type, sub_account_id, caisse_id, sum(visible_count), sum(counted_amount)
FROM fund_movement_daily_totals GROUP BY 1, 2, 3, 4, 5;
