import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { drivers } from '../modules/drivers/drivers.tables.ts';
import { ledgerAccount } from '../modules/ledger/ledger.service.ts';
import { pnlAccounts } from '../modules/pnl/pnl.tables.ts';
import { defaultCashCaisse } from '../modules/treasury/caisse-accounts.ts';
import { caisses } from '../modules/treasury/treasury.tables.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';

/**
 * Years of a park's operations, for the benchmark's large park (`seed:large -- --operations`) and
 * the generator's test. Rows go in directly with set-based SQL, in batches, and stay true to the
 * ledger's rules by construction: every confirmed operation has its balanced posting, every
 * cancelled one its reversing operation and posting (one each), pending and refused ones touch
 * nothing, and each account's balance is the sum of its entries. Revenues outweigh expenses in
 * every caisse, so no caisse ends below zero.
 *
 * Spread: 60 % revenues (driver recipes mostly, 10,000 to 30,000), 40 % expenses (fuel, repairs,
 * insurance, fines ..., 1,000 to 10,000) over `years` back from now; 2 % pending, 1 % refused
 * (cancelled before confirmation), 1 % cancelled after confirmation.
 */
export interface OperationsPlan {
  count: number;
  years: number;
  /** Rows per insert statement. */
  batch?: number;
}

const PROFIT_CODES = ['recette', 'recette', 'recette', 'recette', 'location', 'livraison'];
const PERTE_CODES = ['carburant', 'carburant', 'vidange', 'reparation', 'change', 'assurance', 'contravention'];
const SEED_CAISSES = ['Caisse Akwa', 'Caisse Bonabéri'];

async function subAccountIds(db: Db, parkId: string, codes: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: pnlAccounts.id, code: pnlAccounts.code })
    .from(pnlAccounts)
    .where(and(eq(pnlAccounts.parkId, parkId), isNotNull(pnlAccounts.code), gte(pnlAccounts.depth, 2)));
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  return codes.map((c) => {
    const id = byCode.get(c as never);
    if (!id) throw new Error(`the park's chart has no '${c}' sub-account`);
    return id;
  });
}

export async function seedOperations(db: Db, parkId: string, plan: OperationsPlan): Promise<{ operations: number; reversals: number }> {
  const batch = plan.batch ?? 100_000;
  const cash = await defaultCashCaisse(db, parkId);
  await db
    .insert(caisses)
    .values(SEED_CAISSES.map((name) => ({ parkId, name, description: 'Caisse de quartier' })))
    .onConflictDoNothing();
  const caisseIds = (await db.select({ id: caisses.id }).from(caisses).where(eq(caisses.parkId, parkId))).map((c) => c.id);
  if (!caisseIds.includes(cash.id)) caisseIds.push(cash.id);
  const profitSubs = await subAccountIds(db, parkId, PROFIT_CODES);
  const perteSubs = await subAccountIds(db, parkId, PERTE_CODES);
  const vehicleIds = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.parkId, parkId))).map((v) => v.id);
  const driverIds = (await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.parkId, parkId))).map((d) => d.id);
  const [owner] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.parkId, parkId), eq(profiles.role, 'OWNER')));
  const ownerId = owner?.id ?? null;

  // Every account the postings touch exists before the set-based inserts look them up.
  for (const id of caisseIds) await ledgerAccount(db, parkId, 'caisse', id);
  for (const id of new Set([...profitSubs, ...perteSubs])) await ledgerAccount(db, parkId, 'pnl', id);

  const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
  const span = Math.round(plan.years * 365 * 86_400);
  const h = (salt: string) => sql.raw(`abs(hashtext(g::text || '${salt}'))`);
  for (let from = 1; from <= plan.count; from += batch) {
    const to = Math.min(plan.count, from + batch - 1);
    await db.execute(sql`
      insert into fund_movements (id, park_id, type, sub_account_id, caisse_id, amount, operation_date, comment, collect_method,
        vehicle_id, driver_id, created_by, created_at, confirmed_at, confirmed_by, canceled_at, canceled_by, cancel_comment)
      select gen_random_uuid(), ${parkId}, r.type, r.sub, r.caisse, r.amount, r.at,
        case when g % 7 = 0 then 'Saisie du ' || to_char(r.at, 'DD/MM/YYYY') end,
        case when r.type = 'profit' and g % 4 = 0 then 'mobile_money' else 'cash' end,
        case when ${vehicleIds.length} > 0 and g % 10 < 7 then (${uuids(vehicleIds)})[1 + ${h('v')} % greatest(${vehicleIds.length}, 1)] end,
        case when ${driverIds.length} > 0 and g % 10 < 7 then (${uuids(driverIds)})[1 + ${h('d')} % greatest(${driverIds.length}, 1)] end,
        ${ownerId}::uuid, r.at,
        case when g % 100 >= 3 then r.at end,
        case when g % 100 >= 3 then ${ownerId}::uuid end,
        case when g % 100 in (2, 3) then r.at + interval '1 day' end,
        case when g % 100 in (2, 3) then ${ownerId}::uuid end,
        case when g % 100 in (2, 3) then 'Saisie en double' end
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (
        select
          case when g % 10 < 6 then 'profit' else 'perte' end as type,
          case when g % 10 < 6 then (${uuids(profitSubs)})[1 + ${h('s')} % ${profitSubs.length}]
               else (${uuids(perteSubs)})[1 + ${h('s')} % ${perteSubs.length}] end as sub,
          (${uuids(caisseIds)})[1 + ${h('c')} % ${caisseIds.length}] as caisse,
          case when g % 10 < 6 then 10000 + (${h('a')} % 41) * 500 else 1000 + (${h('a')} % 19) * 500 end::bigint as amount,
          now() - make_interval(secs => ${h('t')} % ${span}) as at
      ) r`);
  }

  // The reversing operation of each operation cancelled after its confirmation.
  const reversed = await db.execute(sql`
    insert into fund_movements (id, park_id, type, sub_account_id, caisse_id, amount, operation_date, comment, collect_method,
      vehicle_id, driver_id, created_by, created_at, confirmed_at, confirmed_by, reverses_id)
    select gen_random_uuid(), park_id, type, sub_account_id, caisse_id, -amount, canceled_at, cancel_comment, collect_method,
      vehicle_id, driver_id, canceled_by, canceled_at, canceled_at, canceled_by, id
    from fund_movements o
    where o.park_id = ${parkId} and o.confirmed_at is not null and o.canceled_at is not null and o.reverses_id is null
      and not exists (select 1 from fund_movements r where r.reverses_id = o.id)`);

  await postSeededMovements(db, parkId);
  return { operations: plan.count, reversals: reversed.rowCount ?? 0 };
}

/**
 * Gives every confirmed operation of the park still without a posting its balanced posting, set
 * based: originals before their reversals, each account's balance then recomputed from its
 * entries. The accounts must exist (ledgerAccount) before. One transaction: the temporary table
 * lives on its connection.
 */
export async function postSeededMovements(db: Db, parkId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table seed_postings (fm_id uuid primary key, posting_id uuid not null, reverses_fm uuid) on commit drop`);
    await tx.execute(sql`
      insert into seed_postings select id, gen_random_uuid(), reverses_id from fund_movements
      where park_id = ${parkId} and confirmed_at is not null and posting_id is null`);
    for (const reversal of [false, true]) {
      await tx.execute(sql`
        insert into ledger_postings (id, park_id, source_kind, source_id, reverses_id, created_by, created_at)
        select s.posting_id, ${parkId}, 'fund_movement', s.fm_id, o.posting_id, fm.created_by, fm.created_at
        from seed_postings s join fund_movements fm on fm.id = s.fm_id
        left join seed_postings o on o.fm_id = s.reverses_fm
        where (s.reverses_fm is not null) = ${reversal}`);
    }
    // Revenue: holder +A, sub-account -A; expense the other way round; a reversal's amount is
    // negated. The holder is the caisse, the park balance (owner null) or the driver's balance.
    await tx.execute(sql`
      insert into ledger_entries (id, park_id, posting_id, account_id, amount, created_at)
      select gen_random_uuid(), ${parkId}, s.posting_id, a.id,
        case when side.is_holder = (fm.type = 'profit') then abs(fm.amount) else -abs(fm.amount) end * sign(fm.amount),
        fm.created_at
      from seed_postings s
      join fund_movements fm on fm.id = s.fm_id
      cross join (values (true), (false)) side(is_holder)
      join ledger_accounts a on a.park_id = ${parkId}
        and a.kind = case when not side.is_holder then 'pnl' when fm.funding = 'caisse' then 'caisse' else fm.funding end
        and a.owner_id is not distinct from case when not side.is_holder then fm.sub_account_id
          when fm.funding = 'caisse' then fm.caisse_id when fm.funding = 'driver_balance' then fm.driver_id end`);
    await tx.execute(sql`update fund_movements fm set posting_id = s.posting_id from seed_postings s where fm.id = s.fm_id`);
    await tx.execute(sql`
      update ledger_accounts a set balance = coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)
      where a.park_id = ${parkId}`);
  });
}
