import { sql } from 'drizzle-orm';
import { DEMO_YANGO_PARK } from '../integrations/yango/yango.types.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/secrets/secret-box.ts';
import { apiKeyContext } from '../modules/yango/yango-credentials.ts';
import { yangoConnections } from '../modules/yango/yango.tables.ts';

/**
 * A park's Yango link at scale, for the benchmark (`seed:large -- --yango-drivers 150`) and the
 * generator's test: the park connected, `drivers` of its drivers linked (those driving a vehicle
 * first) and months of their activity written straight into our copy (yango_orders,
 * yango_transactions), set based, as the sync job would have left it: no simulator, no HTTP.
 *
 * Per linked driver and day, `ordersPerDay` orders between 06:00 and 22:00 of the park's clock,
 * one in thirteen cancelled; each completed order carries its revenue (cash or card, one in three
 * by card), Yango's 20 % commission (negative) and, one in ten, a tip; each driver gets a weekly
 * bonus. The categories are the simulator's (yango.simulator-data.ts). Amounts in whole XOF (minor units of a currency without decimals), 1,500 to 7,400 a ride,
 * 3 to 15 km. The transactions carry the driver's vehicle (his configuration's), the orders its
 * plate. The links' watermarks are set to now, so a sync pass after the seed asks only for what
 * is newer.
 */
export interface YangoActivityPlan {
  /** Linked drivers. */
  drivers: number;
  /** Days of activity back from today (120 by default). */
  days?: number;
  /** Orders a linked driver makes a day (5 by default). */
  ordersPerDay?: number;
  /** Seals the connection's API key (DEMO_YANGO_PARK's); the server that reads the park must hold the same key. */
  box: SecretBox;
  /** The Yango profile ids to link, in order (the simulator's, so a live read finds them); 'bench-<n>' past the end of the list. */
  yangoIds?: readonly string[];
}

export interface YangoActivitySeeded {
  yangoDrivers: number;
  yangoTransactions: number;
  yangoOrders: number;
  /** The first linked driver's Yango id, for the single driver's activity read. */
  yangoSampleId: string | null;
}

export async function seedYangoActivity(db: Db, parkId: string, plan: YangoActivityPlan): Promise<YangoActivitySeeded> {
  const days = plan.days ?? 120;
  const perDay = plan.ordersPerDay ?? 5;
  const none = { yangoDrivers: 0, yangoTransactions: 0, yangoOrders: 0, yangoSampleId: null };
  if (plan.drivers < 1 || days < 1 || perDay < 1) return none;
  const { rows: parkRows } = await db.execute<{ time_zone: string }>(sql`select time_zone from parks where id = ${parkId}`);
  if (!parkRows[0]) throw new Error(`no park ${parkId}`);
  const tz = parkRows[0].time_zone.replace(/'/g, "''");

  await db
    .insert(yangoConnections)
    .values({
      parkId,
      clientId: DEMO_YANGO_PARK.clientId,
      yangoParkId: DEMO_YANGO_PARK.id,
      apiKeySealed: plan.box.seal(DEMO_YANGO_PARK.apiKey, apiKeyContext(parkId)),
      apiKeyLast4: DEMO_YANGO_PARK.apiKey.slice(-4),
      yangoParkName: DEMO_YANGO_PARK.name,
      yangoParkCity: DEMO_YANGO_PARK.city,
      status: 'ok',
      checkedAt: new Date(),
    })
    .onConflictDoNothing();

  // The linked drivers: active ones driving a vehicle first, in id order; each with his vehicle.
  const ids = plan.yangoIds ?? [];
  const idArray = sql`${`{${ids.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
  await db.execute(sql`
    with d as (
      select dr.id as driver_id,
        (select vc.vehicle_id from vehicle_config_drivers vc where vc.driver_id = dr.id order by vc.position limit 1) as vehicle_id
        from drivers dr
       where dr.park_id = ${parkId} and dr.desactivate_at is null and dr.blocked_at is null
         and not exists (select 1 from yango_driver_links l where l.driver_id = dr.id)
    ),
    picked as (
      select driver_id, row_number() over (order by (vehicle_id is null), driver_id) - 1 as n from d
       order by (vehicle_id is null), driver_id limit ${plan.drivers}
    )
    insert into yango_driver_links (driver_id, park_id, yango_id, use_yango_recipe, collect_time, recipes_since, created_at, tx_synced_to, orders_synced_to, synced_at)
    select driver_id, ${parkId}, coalesce((${idArray})[n + 1], 'bench-' || n), false, '09:00',
      (now() at time zone '${sql.raw(tz)}')::date - ${days}::int, now() - ${days}::int * interval '1 day', now(), now(), now()
      from picked
    on conflict do nothing`);

  // Orders: per driver × day × slot, in one statement per 30 days (a transaction each, jit off).
  for (let from = 1; from <= days; from += 30) {
    const to = Math.min(days, from + 29);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`
        with l as (
          select l.driver_id, l.yango_id,
            (select vc.vehicle_id from vehicle_config_drivers vc where vc.driver_id = l.driver_id order by vc.position limit 1) as vehicle_id
            from yango_driver_links l where l.park_id = ${parkId}
        ),
        o as (
          select l.driver_id, l.yango_id, l.vehicle_id, d, k, abs(hashtext(l.yango_id || ':' || d || ':' || k)) as h,
            ((date_trunc('day', now() at time zone '${sql.raw(tz)}') - d * interval '1 day'
              + interval '6 hours' + (k - 1) * interval '16 hours' / ${perDay}
              + (abs(hashtext(l.yango_id || 'm' || d || ':' || k)) % 90) * interval '1 minute') at time zone '${sql.raw(tz)}') as booked_at
            from l cross join generate_series(${from}::int, ${to}::int) d cross join generate_series(1, ${perDay}::int) k
        )
        insert into yango_orders (park_id, yango_order_id, driver_id, short_id, status, booked_at, ended_at, price, currency, mileage_m, payment_method, category, car_number, vehicle_id)
        select ${parkId}, 'bo-' || o.yango_id || '-' || o.d || '-' || o.k, o.driver_id, (100000 + o.h % 900000)::text,
          case when o.h % 13 = 0 then 'cancelled' else 'complete' end,
          o.booked_at, o.booked_at + (12 + o.h % 35) * interval '1 minute',
          case when o.h % 13 = 0 then 0 else 1500 + (o.h / 13 % 60) * 100 end, 'XOF',
          case when o.h % 13 = 0 then null else 3000 + o.h / 7 % 12000 end,
          case when o.h % 3 = 0 then 'card' else 'cash' end, 'econom', v.registration_number, o.vehicle_id
          from o left join vehicles v on v.id = o.vehicle_id
        on conflict do nothing`);
      // Each completed order's revenue, commission and sometimes a tip, at its end.
      await tx.execute(sql`
        insert into yango_transactions (park_id, yango_tx_id, driver_id, event_at, category_id, category_name, amount, currency, description, vehicle_id)
        select o.park_id, 'bt-' || o.yango_order_id || '-' || p.part, o.driver_id, o.ended_at, p.category_id, p.category_name, p.amount, o.currency,
          'Commande ' || o.short_id, o.vehicle_id
          from yango_orders o
          cross join lateral (values
            ('r', case when o.payment_method = 'card' then 'platform_ride_card' else 'cash_collected' end,
                  case when o.payment_method = 'card' then 'Paiement par carte' else 'Espèces' end, o.price),
            ('f', 'platform_ride_fee', 'Commission du service', -(o.price / 5)),
            ('t', 'platform_ride_tips', 'Pourboire', case when abs(hashtext(o.yango_order_id)) % 10 = 0 then 200 + abs(hashtext(o.yango_order_id)) % 8 * 100 end)
          ) p(part, category_id, category_name, amount)
         where o.park_id = ${parkId} and o.status = 'complete' and o.yango_order_id like 'bo-%'
           and o.ended_at >= now() - ${to + 1}::int * interval '1 day' and o.ended_at < now() - ${from - 1}::int * interval '1 day'
           and p.amount is not null
        on conflict do nothing`);
    });
  }
  // A weekly bonus per driver.
  await db.execute(sql`
    insert into yango_transactions (park_id, yango_tx_id, driver_id, event_at, category_id, category_name, amount, currency, description, vehicle_id)
    select l.park_id, 'bb-' || l.yango_id || '-' || w, l.driver_id, date_trunc('day', now()) - (w * 7 - 1) * interval '1 day' + interval '2 hours',
      'platform_bonus', 'Bonus', 2000 + abs(hashtext(l.yango_id || w)) % 5 * 500, 'XOF', 'Bonus de la semaine',
      (select vc.vehicle_id from vehicle_config_drivers vc where vc.driver_id = l.driver_id order by vc.position limit 1)
      from yango_driver_links l cross join generate_series(1, ${Math.floor(days / 7)}::int) w
     where l.park_id = ${parkId}
    on conflict do nothing`);

  const { rows } = await db.execute<{ links: number; tx: number; orders: number; sample: string | null }>(sql`
    select (select count(*)::int from yango_driver_links where park_id = ${parkId}) as links,
      (select count(*)::int from yango_transactions where park_id = ${parkId}) as tx,
      (select count(*)::int from yango_orders where park_id = ${parkId}) as orders,
      (select yango_id from yango_driver_links where park_id = ${parkId} order by driver_id limit 1) as sample`);
  return { yangoDrivers: rows[0].links, yangoTransactions: rows[0].tx, yangoOrders: rows[0].orders, yangoSampleId: rows[0].sample };
}
