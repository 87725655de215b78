import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { parks, profiles, users } from '../modules/access/access.tables.ts';
import { drivers } from '../modules/drivers/drivers.tables.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';

/**
 * A park's contracts at scale, for the benchmark's large park (`seed:large -- --contracts`) and the
 * generator's test: partner and driver contracts with their dated instalments, set based in
 * batches (10,000 contracts and some 300,000 instalments in seconds).
 *
 * Valid by construction, as the services would leave them: the instalments are monthly (one
 * contract in ten quarterly) from the start day, month ends clamped as the schedule clamps them,
 * the last one taking the remainder; total_paid is the sum of the instalments paid, total_paid +
 * remaining_amount = total_amount, next_due_date the first unpaid instalment's day. Spread: 40 %
 * PARTNER, 60 % DRIVER; 70 % ACTIVE (the instalments due by today paid, one contract in six behind
 * by its latest one, a driver's sometimes half paid), 15 % EXPIRED (all paid, driver contracts paid
 * off and handed over), 8 % PENDING (to start within a month, unsigned), 7 % CANCELLED (what was
 * due paid, the rest dropped). One contract per vehicle in turn, one driver per driver contract.
 * Paid instalments carry no recipes nor operations: the list and the statistics read the contracts
 * and the instalments (operations-generator.ts fills the money pages at scale).
 */
export interface ContractsPlan {
  count: number;
  /** Rows of contracts per insert statement (their instalments go in the same statement). */
  batch?: number;
  /** The park's today (yyyy-MM-dd); by default today in the park's time zone. */
  today?: string;
}

export async function seedContracts(db: Db, parkId: string, plan: ContractsPlan): Promise<{ contracts: number; instalments: number }> {
  const batch = plan.batch ?? 2_000;
  const [park] = await db.select({ timeZone: parks.timeZone }).from(parks).where(eq(parks.id, parkId));
  if (!park) throw new Error(`no park ${parkId}`);
  const vehicleIds = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.parkId, parkId)).orderBy(vehicles.id)).map((v) => v.id);
  const driverIds = (await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.parkId, parkId)).orderBy(drivers.id)).map((d) => d.id);
  if (!vehicleIds.length || !driverIds.length || plan.count < 1) return { contracts: 0, instalments: 0 };
  const [owner] = await db
    .select({ id: profiles.id, firstName: users.firstName, lastName: users.lastName })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.parkId, parkId), eq(profiles.role, 'OWNER')));
  const ownerId = owner?.id ?? null;
  const signer = owner ? `${owner.firstName} ${owner.lastName}`.trim() || 'Propriétaire' : 'Propriétaire';
  const { rows: known } = await db.execute<{ today: string; base: number }>(sql`
    select (now() at time zone ${park.timeZone})::date::text as today,
      (select coalesce(max(number), 0) from contracts where park_id = ${parkId})::int as base`);
  const today = plan.today ?? known[0].today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must read yyyy-MM-dd, got ${today}`);
  const base = Number(known[0].base);

  const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
  const nV = vehicleIds.length;
  const nD = driverIds.length;
  const h = (salt: string) => sql.raw(`abs(hashtext(g::text || '${salt}'))`);
  // A UUIDv7 whose time is `ts` (a timestamptz expression), as the services' ids are.
  const v7 = (ts: string) =>
    sql.raw(`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ${ts}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`);
  const at = (day: string, time: string) => sql.raw(`((${day})::timestamp + interval '${time}') at time zone '${park.timeZone.replace(/'/g, "''")}'`);
  for (let from = 0; from < plan.count; from += batch) {
    const to = Math.min(plan.count, from + batch) - 1;
    // One statement per batch: each contract's terms (c), its instalments (i) with what was paid,
    // the contracts with their instalments' totals, the instalments, the signatures. A CTE read
    // several times is computed once, so the ids agree. Without JIT: its cost estimate passes the
    // threshold and PostgreSQL spent 6 s compiling this statement to run it in 4.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`
        with c0 as (
          select g,
            case when g % 5 < 2 then 'PARTNER' else 'DRIVER' end as ctype,
            case when g % 10 = 9 then 3 else 1 end as step,
            case when ${h('s')} % 100 < 70 then 'ACTIVE' when ${h('s')} % 100 < 85 then 'EXPIRED'
              when ${h('s')} % 100 < 93 then 'PENDING' else 'CANCELLED' end as status
          from generate_series(${from}::int, ${to}::int) g
        ),
        c1 as (
          select c0.*,
            case when step = 1 then 24 + ${h('n')} % 13 else 8 + ${h('n')} % 5 end as n,
            step * case when ctype = 'PARTNER' then (60 + ${h('a')} % 15 * 10) else (100 + ${h('a')} % 11 * 10) end * 1000 as fa,
            case when ctype = 'DRIVER' then ${h('r')} % 4 * 5000 else 0 end as short,
            ${h('d')} % 25 as d
          from c0
        ),
        c2 as (
          -- The instalments due by today: ACTIVE and CANCELLED 1 to n-1, EXPIRED all, PENDING none.
          select c1.*, case when status = 'EXPIRED' then n when status = 'PENDING' then 0 else 1 + ${h('p')} % (n - 1) end as p
          from c1
        ),
        c3 as (
          -- The p-th instalment falls d days before today (d < 25: the next one falls after today);
          -- an EXPIRED contract's last period ended one to six months ago; a PENDING one starts
          -- within a month.
          select c2.*,
            case when status = 'PENDING' then ${today}::date + 1 + ${h('f')} % 30
              else (${today}::date - d - make_interval(months => step * (greatest(p, 1) - 1) + case when status = 'EXPIRED' then step + ${h('e')} % 6 else 0 end))::date
            end as start
          from c2
        ),
        c as (
          select c3.*, ${v7('c3.created')} as id, (c3.start + make_interval(months => c3.step * (c3.n - 1)))::date as last_due
          from (
            select c3.*, case when status = 'PENDING' then least(${at(`'${today}'::date - c3.d / 3`, '10 hours')}, now())
              else ${at('c3.start', '-3 days 10 hours')} end as created
            from c3
          ) c3
        ),
        i as (
          select c.id as contract_id, c.g, k,
            (c.start + make_interval(months => c.step * (k - 1)))::date as due,
            case when k = c.n then c.fa - c.short else c.fa end as amount,
            case when c.status in ('ACTIVE', 'CANCELLED') and k <= c.p and not (c.status = 'ACTIVE' and k = c.p and ${h('x')} % 6 = 0) then 'paid'
              when c.status = 'EXPIRED' then 'paid'
              when c.status = 'CANCELLED' then 'cancelled' else 'due' end as status,
            -- A driver behind by his latest instalment has sometimes paid half of it.
            c.ctype = 'DRIVER' and c.status = 'ACTIVE' and k = c.p and ${h('x')} % 6 = 0 and ${h('x')} % 12 = 0 as half
          from c cross join generate_series(1, c.n) k
        ),
        ip as (
          select i.*, case when i.status = 'paid' then i.amount when i.half then i.amount / 2 else 0 end as paid,
            case when i.status = 'paid' or i.half then least(${at('i.due', '9 hours')}, now()) end as paid_at
          from i
        ),
        totals as (
          select contract_id, count(*)::int as n, sum(paid) as paid, max(paid_at) as last_paid,
            min(due) filter (where status = 'due') as next_due
          from ip group by contract_id
        ),
        ins as (
          insert into contracts (id, park_id, number, contract_type, status, vehicle_id, vehicle_owner_id, driver_id, total_amount,
            frequency_amount, payment_frequency, start_date, end_date, next_due_date, total_paid, remaining_amount, document_version,
            signed_at, signed_by, cancelled_at, cancelled_by, cancel_reason, cancel_debt_mode, paid_off_at, handover_confirmed_at,
            handover_confirmed_by, expired_at, created_by, created_at, updated_at)
          select c.id, ${parkId}, ${base + 1} + c.g, c.ctype, c.status, v.id, v.vehicle_owner_id,
            case when c.ctype = 'DRIVER' then (${uuids(driverIds)})[1 + (c.g / 5 * 3 + c.g % 5 - 2) % ${nD}] end,
            c.n * c.fa - c.short, c.fa, case when c.step = 3 then 'quarterly' else 'monthly' end, c.start,
            -- A driver contract ends with its last instalment; a partner's at the end of its last period.
            case when c.ctype = 'DRIVER' then c.last_due else (c.start + make_interval(months => c.step * c.n) - interval '1 day')::date end,
            case when c.status in ('ACTIVE', 'PENDING') then t.next_due end, t.paid, c.n * c.fa - c.short - t.paid, 0,
            case when c.status <> 'PENDING' then ${at('c.start', '-2 days 10 hours')} end,
            case when c.status <> 'PENDING' then ${ownerId}::uuid end,
            case when c.status = 'CANCELLED' then ${at(`'${today}'::date - c.d / 2`, '11 hours')} end,
            case when c.status = 'CANCELLED' then ${ownerId}::uuid end,
            case when c.status = 'CANCELLED' then case when c.ctype = 'DRIVER' then 'Le chauffeur a quitté le parc' else 'Le propriétaire reprend son véhicule' end end,
            case when c.status = 'CANCELLED' then 'write_off' end,
            case when c.status = 'EXPIRED' and c.ctype = 'DRIVER' then t.last_paid end,
            case when c.status = 'EXPIRED' and c.ctype = 'DRIVER' then least(t.last_paid + interval '3 days', now()) end,
            case when c.status = 'EXPIRED' and c.ctype = 'DRIVER' then ${ownerId}::uuid end,
            case when c.status = 'EXPIRED' then case when c.ctype = 'DRIVER' then t.last_paid
              else ${at("(c.start + make_interval(months => c.step * c.n))::date", '0 hours')} end end,
            ${ownerId}::uuid,
            c.created, greatest(c.created, t.last_paid)
          from c join totals t on t.contract_id = c.id
          join vehicles v on v.id = (${uuids(vehicleIds)})[1 + c.g % ${nV}]
        ),
        sig as (
          insert into contract_signatures (id, park_id, contract_id, profile_id, signer_name, document_version, created_at)
          select ${v7("c.start::timestamp")}, ${parkId}, c.id, ${ownerId}::uuid, ${signer}, 0, ${at('c.start', '-2 days 10 hours')}
          from c where c.status <> 'PENDING'
        )
        insert into contract_instalments (id, park_id, contract_id, seq, due_date, amount, paid_amount, status, paid_at, paid_by)
        select ${v7("ip.due::timestamp")}, ${parkId}, ip.contract_id, ip.k, ip.due, ip.amount, ip.paid, ip.status, ip.paid_at,
          case when ip.paid_at is not null then ${ownerId}::uuid end
        from ip`);
    });
  }
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from contract_instalments where park_id = ${parkId}`);
  return { contracts: plan.count, instalments: Number(rows[0].n) };
}
