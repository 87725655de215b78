import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { ledgerAccount } from '../modules/ledger/ledger.service.ts';
import { pnlAccounts } from '../modules/pnl/pnl.tables.ts';
import { caisses } from '../modules/treasury/treasury.tables.ts';
import { postSeededMovements } from './operations-generator.ts';

/**
 * How the demo park's past recipes were collected, set based (a few thousand rows in a handful of
 * statements, so the first start stays quick). Each recipe before `today` gets an outcome from a
 * hash of its id, stable from run to run:
 * - 3 % deleted with a reason;
 * - about 5 % never collected (plus 6 % more in the last two weeks): the drivers' debts;
 * - 10 % partly collected (half the objective);
 * - the rest collected in full: four in five in cash into one of the park's caisses, one in five
 *   by mobile money into the park balance (with its 'payment' transaction, as a pay-in leaves).
 * Every collection is what the app itself writes: one confirmed 'recette' operation of the
 * recipe's driver and vehicle, its recipe_payments row, and its balanced ledger posting.
 */
export async function seedRecipeCollections(db: Db, parkId: string, today: string): Promise<{ collected: number; deleted: number }> {
  const [recette] = await db
    .select({ id: pnlAccounts.id })
    .from(pnlAccounts)
    .where(and(eq(pnlAccounts.parkId, parkId), eq(pnlAccounts.code, 'recette'), isNotNull(pnlAccounts.code)));
  if (!recette) throw new Error("the park's chart has no 'recette' sub-account");
  const caisseIds = (await db.select({ id: caisses.id }).from(caisses).where(eq(caisses.parkId, parkId))).map((c) => c.id);
  const [owner] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, parkId), eq(profiles.role, 'OWNER')));
  for (const id of caisseIds) await ledgerAccount(db, parkId, 'caisse', id);
  await ledgerAccount(db, parkId, 'pnl', recette.id);
  await ledgerAccount(db, parkId, 'park_balance', null);
  const uuids = sql`${`{${caisseIds.join(',')}}`}::uuid[]`;

  const deleted = await db.execute(sql`
    update recipes set deleted_at = (day + 1)::timestamp at time zone p.time_zone, deleted_by = ${owner?.id ?? null}::uuid,
      delete_comment = case when abs(hashtext(recipes.id::text || 'why')) % 2 = 0 then 'Véhicule immobilisé ce jour-là' else 'Recette saisie en double' end
    from parks p
    where p.id = recipes.park_id and recipes.park_id = ${parkId} and kind = 'expected' and day < ${today}::date
      and collected = 0 and deleted_at is null and abs(hashtext(recipes.id::text)) % 100 < 3`);

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table seed_collections on commit drop as
      select r.id as recipe_id, gen_random_uuid() as fm_id, gen_random_uuid() as tx_id, r.driver_id, r.vehicle_id,
        case when abs(hashtext(r.id::text)) % 100 < 13 then (r.objective / 2 / 500) * 500 else r.objective end as amount,
        abs(hashtext(r.id::text || 'how')) % 100 < 20 as mobile,
        (${uuids})[1 + abs(hashtext(r.id::text || 'where')) % ${caisseIds.length}] as caisse_id,
        (r.day + time '20:45') at time zone p.time_zone as at
      from recipes r join parks p on p.id = r.park_id
      where r.park_id = ${parkId} and r.kind = 'expected' and r.day < ${today}::date and r.deleted_at is null
        and r.collected = 0 and r.objective > 0
        and not (abs(hashtext(r.id::text)) % 100 between 3 and 7)
        and not (r.day >= ${today}::date - 14 and abs(hashtext(r.id::text)) % 100 between 8 and 13)`);
    await tx.execute(sql`delete from seed_collections where amount <= 0`);
    await tx.execute(sql`
      insert into park_transactions (id, park_id, type, status, amount, provider, provider_ref, reason, created_by, created_at, completed_at)
      select tx_id, ${parkId}, 'payment', 'success', amount, 'wave', 'demo-' || recipe_id, 'Recette par mobile money', ${owner?.id ?? null}::uuid, at, at
      from seed_collections where mobile`);
    await tx.execute(sql`
      insert into fund_movements (id, park_id, type, sub_account_id, caisse_id, funding, amount, operation_date, collect_method,
        transaction_id, vehicle_id, driver_id, created_by, created_at, confirmed_at, confirmed_by)
      select fm_id, ${parkId}, 'profit', ${recette.id}::uuid, case when mobile then null else caisse_id end,
        case when mobile then 'park_balance' else 'caisse' end, amount, at, case when mobile then 'mobile_money' else 'cash' end,
        case when mobile then tx_id end, vehicle_id, driver_id, ${owner?.id ?? null}::uuid, at, at, ${owner?.id ?? null}::uuid
      from seed_collections`);
    await tx.execute(sql`
      insert into recipe_payments (id, park_id, recipe_id, amount, method, fund_movement_id, created_by, created_at)
      select gen_random_uuid(), ${parkId}, recipe_id, amount, case when mobile then 'mobile_money' else 'cash' end, fm_id, ${owner?.id ?? null}::uuid, at
      from seed_collections`);
    await tx.execute(sql`
      update recipes r set collected = c.amount, paid_at = case when c.amount >= r.objective then c.at end
      from seed_collections c where c.recipe_id = r.id`);
  });
  await postSeededMovements(db, parkId);
  // The park transactions of mobile-money collections point at the posting that moved their money.
  await db.execute(sql`
    update park_transactions t set posting_id = fm.posting_id
    from fund_movements fm where fm.transaction_id = t.id and t.park_id = ${parkId} and t.posting_id is null and fm.posting_id is not null`);
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from recipe_payments where park_id = ${parkId}`)).rows;
  return { collected: n, deleted: deleted.rowCount ?? 0 };
}

/**
 * Years of daily recipes for the benchmark's large park (`seed:large -- --recipes-years N`): one
 * recipe a day for the first driver of each configured vehicle: over the last 90 days 3 % deleted,
 * 5 % unpaid and 10 % partly paid; before that, as debts get settled, 3 % deleted, 1 % unpaid and
 * 1 % partly paid (a park whose debts were never settled would sum more rows for its totals; see
 * bench/README.md). The rest paid. Only the recipes themselves:
 * their collections' operations are not written (the park's operations come from
 * seedOperations), because the benchmark measures the recipe lists and the dashboard, which read
 * the recipes. Inserted a month at a time. The same first drivers are planned full days from 90
 * days ago to a month ahead, so the dashboard's "vehicles without planning" probes a real
 * planning table.
 */
export async function seedRecipeHistory(db: Db, parkId: string, plan: { years: number; today: string }): Promise<{ recipes: number }> {
  let total = 0;
  const months = Math.round(plan.years * 12);
  for (let m = months; m >= 0; m--) {
    const res = await db.execute(sql`
      insert into recipes (id, park_id, kind, driver_id, vehicle_id, day, period_start, period_end, frequency, collection_type,
        objective, collected, salary_amount, created_at, paid_at, deleted_at, delete_comment)
      select gen_random_uuid(), ${parkId}, 'expected', d.driver_id, c.vehicle_id, g.day, g.day, g.day, 'daily', 'recipe_objective',
        c.amount,
        case when o.h < o.unpaid then 0 when o.h < o.unpaid + o.partial then (c.amount / 2 / 500) * 500 else c.amount end,
        coalesce(c.salary_amount, 0),
        g.day::timestamp + time '20:30',
        case when o.h >= o.unpaid + o.partial then g.day::timestamp + time '21:00' end,
        case when o.h < 3 then g.day::timestamp + interval '1 day' end,
        case when o.h < 3 then 'Recette saisie en double' end
      from vehicle_recipe_configs c
      join vehicle_config_drivers d on d.vehicle_id = c.vehicle_id and d.position = 1
      cross join lateral (
        select day::date from generate_series(
          greatest(date_trunc('month', ${plan.today}::date - make_interval(months => ${m})), ${plan.today}::date - make_interval(months => ${months})),
          least(date_trunc('month', ${plan.today}::date - make_interval(months => ${m})) + interval '1 month' - interval '1 day', ${plan.today}::date - 1),
          interval '1 day') day
      ) g
      -- The last 90 days: 8 % unpaid (3 of them deleted) and 10 % partly paid; older debts were
      -- mostly settled since: 4 % unpaid (3 deleted) and 1 % partly paid remain.
      cross join lateral (
        select abs(hashtext(c.vehicle_id::text || g.day::text)) % 100 as h,
          case when g.day >= ${plan.today}::date - 90 then 8 else 4 end as unpaid,
          case when g.day >= ${plan.today}::date - 90 then 10 else 1 end as partial
      ) o
      where c.park_id = ${parkId} and c.amount > 0
      on conflict do nothing`);
    total += res.rowCount ?? 0;
  }
  await db.execute(sql`
    insert into planning_entries (id, park_id, vehicle_id, driver_id, day, slot, starts_at, ends_at)
    select gen_random_uuid(), ${parkId}, c.vehicle_id, d.driver_id, g.day, 'full',
      (g.day::timestamp + time '06:00') at time zone p.time_zone, (g.day::timestamp + time '22:00') at time zone p.time_zone
    from vehicle_recipe_configs c
    join parks p on p.id = c.park_id
    join vehicle_config_drivers d on d.vehicle_id = c.vehicle_id and d.position = 1
    cross join lateral (select day::date from generate_series(${plan.today}::date - 90, ${plan.today}::date + 31, interval '1 day') day) g
    where c.park_id = ${parkId}
    on conflict do nothing`);
  return { recipes: total };
}
