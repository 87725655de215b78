import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { as } from '../operations/operations-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { parkTransactions } from '../treasury/treasury.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { type World, type Model } from './money-flows.test-model.ts';
import { expectAccepted } from './money-flows.test-api.ts';
import { checkYangoAfterStep } from './money-flows.test-yango-steps.ts';
import { checkSubscriptionsAtEnd } from './money-flows.test-subscription-steps.ts';

/** What the money-flows test checks after each step and at the end of a sequence. */
// ---------------------------------------------------------------------------------------------
// Checks

export const num = (v: unknown) => Number(v);

/** After every step: each ledger account of the park holds what the model says, and the counts match. */
export async function checkAfterStep(w: World, m: Model) {
  const db = w.ctx.database.db;
  const { rows } = await db.execute<{ kind: string; owner_id: string | null; balance: string | number }>(
    sql`select kind, owner_id, balance from ledger_accounts where park_id = ${w.parkId}`,
  );
  const key = (kind: string, owner: string | null) => (owner ? `${kind}:${w.label.get(owner) ?? owner}` : kind);
  const actual: Record<string, number> = {};
  for (const r of rows) if (num(r.balance) !== 0) actual[key(r.kind, r.owner_id)] = num(r.balance);
  const expected: Record<string, number> = {};
  const put = (k: string, v: number) => v !== 0 && (expected[k] = v);
  for (const [id, b] of m.caisse) put(key('caisse', id), b);
  put('park_balance', m.park);
  put('external', m.external);
  for (const [id, b] of m.pnl) put(key('pnl', id), b);
  for (const [id, b] of m.receivable) put(key('client_receivable', id), b);
  put('yango', m.yango.account);
  for (const [id, sold] of m.yango.sold) put(key('driver_balance', id), -sold);
  expect(actual, 'ledger balances against the model').toEqual(expected);
  // What the client owes is exactly his finished courses left to settle.
  const owed = m.courses.filter((c) => c.mode === 'receivable' && !c.settled).reduce((t, c) => t + c.amount, 0);
  const receivable = rows.filter((r) => r.kind === 'client_receivable').reduce((t, r) => t + num(r.balance), 0);
  expect(receivable, 'client receivable = finished receivable courses not settled').toBe(owed);
  for (const r of rows) if (r.kind === 'caisse' || r.kind === 'park_balance' || r.kind === 'client_receivable') expect(num(r.balance), `${key(r.kind, r.owner_id)} is never negative`).toBeGreaterThanOrEqual(0);

  const { rows: counts } = await db.execute<{ postings: string; movements: string }>(sql`
    select (select count(*) from ledger_postings where park_id = ${w.parkId}) as postings,
           (select count(*) from fund_movements where park_id = ${w.parkId}) as movements`);
  expect({ postings: num(counts[0].postings), movements: num(counts[0].movements) }, 'postings and operations recorded').toEqual({ postings: m.postings, movements: m.movements });
  await checkYangoAfterStep(w, m);

  // The park balance as its screen reads it: what it holds, and what pending withdrawals already took off it.
  const sold = await w.ctx.api('GET', `/api/park/sold/${w.parkId}`, as(w.owner));
  expectAccepted(sold);
  expect(sold.data.sold, 'GET /park/sold: sold').toBe(m.park);
  const pendingFromPark = m.withdrawals.filter((x) => x.status === 'pending' && !x.caisse).reduce((t, x) => t + x.amount + x.fee, 0);
  // A pending payout from a caisse took nothing off the park balance, so it is not counted here.
  expect(sold.data.pending_withdrawals, 'GET /park/sold: pending_withdrawals').toBe(pendingFromPark);
}

/** After the sequence: the ledger, the operations and the park transactions, in depth. */
export async function checkAtEnd(w: World, m: Model) {
  const db = w.ctx.database.db;
  const park = w.parkId;

  // Every posting balances and has at least two entries.
  const { rows: unbalanced } = await db.execute<{ id: string; total: string; n: string }>(sql`
    select p.id, coalesce(sum(e.amount), 0) as total, count(e.id) as n
    from ledger_postings p left join ledger_entries e on e.posting_id = p.id
    where p.park_id = ${park} group by p.id
    having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`);
  expect(unbalanced, 'postings that do not balance').toEqual([]);

  // Entries, their postings and their accounts all belong to this park.
  const { rows: stray } = await db.execute<{ n: string }>(sql`
    select count(*) as n from ledger_entries e
    join ledger_postings p on p.id = e.posting_id join ledger_accounts a on a.id = e.account_id
    where (e.park_id = ${park} or p.park_id = ${park} or a.park_id = ${park}) and not (e.park_id = p.park_id and p.park_id = a.park_id)`);
  expect(num(stray[0].n), 'entries crossing parks').toBe(0);

  // Every account's balance is the sum of its entries; money-holding accounts are not negative.
  const { rows: accounts } = await db.execute<{ id: string; kind: string; owner_id: string | null; balance: string; total: string }>(sql`
    select a.id, a.kind, a.owner_id, a.balance, coalesce(sum(e.amount), 0) as total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.park_id = ${park} group by a.id`);
  for (const a of accounts) {
    const name = `${a.kind} ${a.owner_id ? (w.label.get(a.owner_id) ?? a.owner_id) : ''}`;
    expect(num(a.balance), `${name}: balance = sum of entries`).toBe(num(a.total));
    if (a.kind === 'caisse' || a.kind === 'park_balance') expect(num(a.balance), `${name} is not negative`).toBeGreaterThanOrEqual(0);
  }
  // Each caisse holds what the model says (also through the API's headline figures).
  const caisseBalance = new Map(accounts.filter((a) => a.kind === 'caisse').map((a) => [a.owner_id!, num(a.balance)]));
  for (const c of w.caisses) expect(caisseBalance.get(c) ?? 0, `${w.label.get(c)} against the model`).toBe(m.caisse.get(c));

  // At most one reversal per original, never the reversal of a reversal, and a reversal is its original negated.
  const { rows: twice } = await db.execute(sql`
    select reverses_id from ledger_postings where park_id = ${park} and reverses_id is not null group by reverses_id having count(*) > 1`);
  expect(twice, 'postings reversed twice').toEqual([]);
  const { rows: chains } = await db.execute(sql`
    select r.id from ledger_postings r join ledger_postings o on o.id = r.reverses_id where r.park_id = ${park} and o.reverses_id is not null`);
  expect(chains, 'reversals of reversals').toEqual([]);
  const { rows: notMirrors } = await db.execute(sql`
    with r as (select id, reverses_id from ledger_postings where park_id = ${park} and reverses_id is not null),
    mine as (select r.id, e.account_id, sum(e.amount) as amount from r join ledger_entries e on e.posting_id = r.id group by r.id, e.account_id),
    orig as (select r.id, e.account_id, -sum(e.amount) as amount from r join ledger_entries e on e.posting_id = r.reverses_id group by r.id, e.account_id)
    select coalesce(mine.id, orig.id) as id from mine full join orig on mine.id = orig.id and mine.account_id = orig.account_id
    where mine.amount is distinct from orig.amount`);
  expect(notMirrors, 'reversals that are not their original negated').toEqual([]);
  const { rows: twiceOps } = await db.execute(sql`
    select reverses_id from fund_movements where park_id = ${park} and reverses_id is not null group by reverses_id having count(*) > 1`);
  expect(twiceOps, 'operations with two reversing rows').toEqual([]);

  // The operations, one by one, against the model.
  const rows = await db.select().from(fundMovements).where(eq(fundMovements.parkId, park));
  expect(rows.length, 'fund_movements rows').toBe(m.movements);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const { rows: opPostings } = await db.execute<{ id: string; source_id: string; reverses_id: string | null }>(sql`
    select id, source_id, reverses_id from ledger_postings where park_id = ${park} and source_kind = 'fund_movement'`);
  const postingsOf = (sourceId: string) => opPostings.filter((p) => p.source_id === sourceId);
  for (const op of m.ops) {
    const row = byId.get(op.id)!;
    const name = `${w.label.get(op.id)} (${op.status})`;
    expect(row, name).toBeDefined();
    expect({ type: row.type, caisse: row.caisseId, sub: row.subAccountId, amount: row.amount, reversesId: row.reversesId }, name).toEqual({
      type: op.type,
      caisse: op.caisse,
      sub: op.sub,
      amount: op.amount,
      reversesId: null,
    });
    const reversals = rows.filter((r) => r.reversesId === op.id);
    if (op.status === 'pending' || op.status === 'refused') {
      // Never touched the ledger.
      expect({ confirmed: !!row.confirmedAt, canceled: !!row.canceledAt, postingId: row.postingId, reversals: reversals.length, postings: postingsOf(op.id).length }, name).toEqual({
        confirmed: false,
        canceled: op.status === 'refused',
        postingId: null,
        reversals: 0,
        postings: 0,
      });
      continue;
    }
    expect(row.confirmedAt, name).not.toBeNull();
    expect(row.postingId, name).not.toBeNull();
    expect(postingsOf(op.id).map((p) => p.id), name).toEqual([row.postingId]);
    const { rows: lines } = await db.execute<{ kind: string; owner_id: string; amount: string }>(sql`
      select a.kind, a.owner_id, e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.posting_id = ${row.postingId} order by a.kind`);
    const into = op.type === 'profit' ? op.amount : -op.amount;
    expect(lines.map((l) => [l.kind, l.owner_id, num(l.amount)]), `${name}: its posting`).toEqual(
      op.yango
        ? [['pnl', op.sub, -into], ['yango', null, into]]
        : [op.caisse === null ? ['client_receivable', op.client, into] : ['caisse', op.caisse, into], ['pnl', op.sub, -into]],
    );
    if (op.status === 'confirmed') {
      expect({ canceled: !!row.canceledAt, reversals: reversals.length }, name).toEqual({ canceled: false, reversals: 0 });
    } else {
      expect(row.canceledAt, name).not.toBeNull();
      expect(reversals.map((r) => r.id), `${name}: its one reversal`).toEqual([op.reversalId]);
      const rev = reversals[0];
      expect({ amount: rev.amount, caisse: rev.caisseId, sub: rev.subAccountId, confirmed: !!rev.confirmedAt }, `${name}: its reversal`).toEqual({ amount: -op.amount, caisse: op.caisse, sub: op.sub, confirmed: true });
      const [revPosting] = postingsOf(rev.id);
      expect(revPosting?.reverses_id, `${name}: the reversal's posting reverses the original's`).toBe(row.postingId);
      expect(rev.postingId).toBe(revPosting.id);
    }
  }
  // Nothing in fund_movements the model does not know.
  const known = new Set(m.ops.flatMap((o) => [o.id, o.reversalId].filter(Boolean) as string[]));
  expect(rows.filter((r) => !known.has(r.id)).map((r) => r.id), 'unknown operations').toEqual([]);

  // The sum of confirmed, non-cancelled operations, per type and per sub-account, and what the P&L accounts hold.
  const counted = (type: 'profit' | 'perte') => m.ops.filter((o) => o.type === type && o.status === 'confirmed').reduce((s, o) => s + o.amount, 0);
  const { rows: sums } = await db.execute<{ type: string; total: string }>(sql`
    select type, coalesce(sum(amount), 0) as total from fund_movements
    where park_id = ${park} and reverses_id is null and confirmed_at is not null and canceled_at is null group by type`);
  const sumOf = (t: string) => num(sums.find((r) => r.type === t)?.total ?? 0);
  expect({ profit: sumOf('profit'), perte: sumOf('perte') }, 'confirmed, non-cancelled operations').toEqual({ profit: counted('profit'), perte: counted('perte') });
  const pnlBalance = new Map(accounts.filter((a) => a.kind === 'pnl').map((a) => [a.owner_id!, num(a.balance)]));
  for (const type of ['profit', 'perte'] as const) {
    for (const sub of w.subs[type]) {
      const net = m.ops.filter((o) => o.sub === sub && o.status === 'confirmed').reduce((s, o) => s + o.amount, 0);
      expect(pnlBalance.get(sub) ?? 0, `P&L ${w.label.get(sub)}`).toBe(type === 'profit' ? 0 - net : net);
    }
  }

  // Transfers and withdrawals: each one posted once, a failed withdrawal reversed once.
  const txs = await db.select().from(parkTransactions).where(eq(parkTransactions.parkId, park));
  expect(txs.filter((t) => t.type === 'transfer' && t.status === 'success' && t.postingId).length, 'transfers').toBe(m.transfers);
  expect(txs.filter((t) => t.type === 'course_payment' && t.status === 'success' && t.postingId).length, 'settled course receivables').toBe(m.coursePayments);
  // Each course as the model left it: finished, its operation, settled or not.
  const courseRows = await db.select().from(courses).where(eq(courses.parkId, park));
  expect(
    Object.fromEntries(courseRows.map((c) => [w.label.get(c.id) ?? c.id, [c.status, c.paymentMode, c.fundMovementId, c.settledAt !== null]])),
    'courses',
  ).toEqual(Object.fromEntries(m.courses.map((c) => [w.label.get(c.id), ['finished', c.mode, c.opId, c.settled]])));
  const withdrawals = txs.filter((t) => t.type === 'withdraw');
  expect(withdrawals.map((t) => [t.id, t.status]).sort(), 'withdrawals').toEqual(m.withdrawals.map((x) => [x.id, x.status]).sort());
  const { rows: allPostings } = await db.execute<{ id: string; reverses_id: string | null; source_kind: string; source_id: string }>(sql`
    select id, reverses_id, source_kind, source_id from ledger_postings where park_id = ${park}`);
  for (const t of withdrawals) {
    expect(t.postingId, `withdrawal ${t.id}`).not.toBeNull();
    const reversals = allPostings.filter((p) => p.reverses_id === t.postingId);
    if (t.status === 'success' || t.status === 'pending') {
      expect({ reversals: reversals.length, reversalPostingId: t.reversalPostingId }, `withdrawal ${t.id}`).toEqual({ reversals: 0, reversalPostingId: null });
    } else {
      expect(reversals.map((p) => [p.id, p.source_kind]), `failed withdrawal ${t.id}`).toEqual([[t.reversalPostingId, 'withdrawal_refund']]);
    }
  }

  // The operations list shows every original with its status, reversing rows hidden.
  const list = await w.ctx.api('GET', '/api/accounting/pnl/operation?itemPerPage=1000', as(w.owner));
  expectAccepted(list);
  expect(list.data.meta.total, 'operations list total').toBe(m.ops.length);
  const shown = (id: string) => w.label.get(id) ?? id;
  expect(
    Object.fromEntries(list.data.items.map((o: { id: string; status: string; amount: number }) => [shown(o.id), `${o.status} ${o.amount}`])),
    'operations list',
  ).toEqual(Object.fromEntries(m.ops.map((o) => [shown(o.id), `${o.status} ${o.amount}`])));

  // What the accounting screens show: each caisse, the park balance, and the operations' totals
  // (this month and last month together, in case the run crossed the turn of a month).
  const totals = await w.ctx.api('GET', '/api/accounting/total-data', as(w.owner));
  expectAccepted(totals);
  expect(Object.fromEntries(totals.data.caisses.map((c: { id: string; sold: number }) => [w.label.get(c.id) ?? c.id, c.sold])), 'total-data caisses').toEqual(
    Object.fromEntries(w.caisses.map((c) => [w.label.get(c), m.caisse.get(c)])),
  );
  expect(totals.data.park_balance, 'total-data park balance').toBe(m.park);
  await checkSubscriptionsAtEnd(w, m);
  expect(
    { revenue: totals.data.this_month.revenue + totals.data.last_month.revenue, expenses: totals.data.this_month.expenses + totals.data.last_month.expenses },
    'total-data revenue and expenses',
  ).toEqual({ revenue: counted('profit'), expenses: counted('perte') });
}
