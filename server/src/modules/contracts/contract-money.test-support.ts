import { eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-context.ts';
import { addDays } from '../recipes/recipe-periods.ts';
import { today } from '../recipes/recipes-test-helpers.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

/**
 * Test data of the contracts' money: contracts and their schedules written straight into their
 * tables (creating and signing them is contract-create.ts's business, tested there), so each money
 * test sets the exact schedule it plays with. Days are the park's (Africa/Douala).
 */

export { today };
export const dayFrom = (n: number) => addDays(today(), n);

export interface ContractSeed {
  parkId: string;
  vehicleId: string;
  driverId?: string | null;
  ownerId?: string | null;
  type?: 'DRIVER' | 'PARTNER';
  status?: 'PENDING' | 'ACTIVE' | 'EXPIRED' | 'CANCELLED';
  /** One per instalment: its due day and amount (minor units). */
  schedule: { due: string; amount: number }[];
  endDate?: string;
  cancelDebtMode?: 'write_off' | 'keep_debt';
}

export async function insertContract(ctx: TestContext, s: ContractSeed): Promise<{ id: string; number: number; instalments: string[] }> {
  const db = ctx.database.db;
  const total = s.schedule.reduce((sum, i) => sum + i.amount, 0);
  const { rows } = await db.execute<{ n: number }>(sql`select coalesce(max(number), 0)::int + 1 as n from contracts where park_id = ${s.parkId}`);
  const number = rows[0].n;
  const [c] = await db
    .insert(contracts)
    .values({
      parkId: s.parkId,
      number,
      contractType: s.type ?? 'DRIVER',
      status: s.status ?? 'ACTIVE',
      vehicleId: s.vehicleId,
      driverId: s.type === 'PARTNER' ? null : (s.driverId ?? null),
      vehicleOwnerId: s.ownerId ?? null,
      totalAmount: total,
      frequencyAmount: s.schedule[0]?.amount ?? 0,
      paymentFrequency: 'monthly',
      startDate: s.schedule[0]?.due ?? today(),
      endDate: s.endDate ?? s.schedule[s.schedule.length - 1]?.due ?? today(),
      nextDueDate: s.schedule[0]?.due ?? null,
      remainingAmount: total,
      signedAt: s.status === 'PENDING' ? null : new Date(),
      cancelDebtMode: s.cancelDebtMode ?? null,
      cancelledAt: s.status === 'CANCELLED' ? new Date() : null,
    })
    .returning({ id: contracts.id });
  const inst = await db
    .insert(contractInstalments)
    .values(s.schedule.map((i, k) => ({ parkId: s.parkId, contractId: c.id, seq: k + 1, dueDate: i.due, amount: i.amount })))
    .returning({ id: contractInstalments.id, seq: contractInstalments.seq });
  return { id: c.id, number, instalments: inst.sort((a, b) => a.seq - b.seq).map((i) => i.id) };
}

export async function contractRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, id));
  return row;
}

export async function instalmentsOf(ctx: TestContext, contractId: string) {
  return ctx.database.db.select().from(contractInstalments).where(eq(contractInstalments.contractId, contractId)).orderBy(contractInstalments.seq);
}

/** The net (revenue positive) of the park's confirmed operations under a coded sub-account, per the ledger, for one vehicle. */
export async function ledgerNetUnder(ctx: TestContext, parkId: string, code: string, vehicleId: string): Promise<number> {
  const { rows } = await ctx.database.db.execute<{ net: string }>(sql`
    select coalesce(sum(-e.amount), 0) as net
      from fund_movements f
      join pnl_accounts a on a.id = f.sub_account_id and a.code = ${code}
      join ledger_entries e on e.posting_id = f.posting_id
      join ledger_accounts la on la.id = e.account_id and la.kind = 'pnl'
     where f.park_id = ${parkId} and f.vehicle_id = ${vehicleId}`);
  return Number(rows[0].net);
}

/**
 * What contract_totals and contract_active_parties hold for a park, and the same figures recounted
 * from the contracts: the triggers of migration 0018 must keep them equal.
 */
export async function contractTotalsDrift(ctx: TestContext, parkId: string): Promise<{ kept: unknown[]; recounted: unknown[] }> {
  const { rows: kept } = await ctx.database.db.execute(sql`
    select 'totals' as what, status, contract_type, n::int as n, total_amount::bigint::text as a, total_paid::bigint::text as p, remaining_amount::bigint::text as r
      from contract_totals where park_id = ${parkId} and (n, total_amount, total_paid, remaining_amount) <> (0, 0, 0, 0)
    union all
    select 'parties', kind, party_id::text, n, null, null, null from contract_active_parties where park_id = ${parkId}
    order by 1, 2, 3`);
  const { rows: recounted } = await ctx.database.db.execute(sql`
    select 'totals' as what, status, contract_type, count(*)::int as n, sum(total_amount)::bigint::text as a, sum(total_paid)::bigint::text as p, sum(remaining_amount)::bigint::text as r
      from contracts where park_id = ${parkId} group by status, contract_type
    union all
    select 'parties', kind, party_id::text, count(*)::int, null, null, null from (
      select 'vehicle' as kind, vehicle_id as party_id from contracts where park_id = ${parkId} and status = 'ACTIVE'
      union all
      select 'driver', driver_id from contracts where park_id = ${parkId} and status = 'ACTIVE' and contract_type = 'DRIVER' and driver_id is not null) x
     group by kind, party_id
    order by 1, 2, 3`);
  return { kept, recounted };
}
