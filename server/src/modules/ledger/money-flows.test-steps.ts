import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type ApiAnswer } from '../../../test/test-context.ts';
import { as, now } from '../operations/operations-test-helpers.ts';
import { toWireDate } from '../../platform/dates.ts';
import { dayFrom, insertContract } from '../contracts/contract-money.test-support.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { recordIncomingPayment } from '../treasury/park-balance.ts';
import { expectAccepted, expectRefused, send } from './money-flows.test-api.ts';
import { runCourseStep } from './money-flows.test-course-steps.ts';
import { runYangoStep } from './money-flows.test-yango-steps.ts';
import { runSubscriptionStep } from './money-flows.test-subscription-steps.ts';
import { type Step, type World, type ModelOp, type Model, type ModelWithdrawal, addTo, applyOperation, takeWithdrawal, feeOf, maxWithdrawable, resolveAmount } from './money-flows.test-model.ts';

/** The money-flows test's interpreter: each step through the real API, checked against the model. */
let refNo = 0;
let plateNo = 0;

/** The seeded repair types and components a finished maintenance pays: an oil change (oil) and a repair (brake pads). */
const VIDANGE = 2;
const REPARATION = 3;
const OIL = 1;
const BRAKE_PADS = 5;
const finishBody = (caisse: string, oil: number, brakes: number) => ({
  status: 'finished',
  caisse_id: caisse,
  maintenances: JSON.stringify([
    { repair_type_id: VIDANGE, components: [{ component_id: OIL, amount: oil }] },
    { repair_type_id: REPARATION, components: [{ component_id: BRAKE_PADS, amount: brakes }] },
  ]),
});

// ---------------------------------------------------------------------------------------------
// The interpreter: runs a step through the API, checks its answer against the model, updates it

export async function runStep(w: World, m: Model, s: Step, i: number): Promise<string> {
  const L = (id: string | null) => (id === null ? 'the client receivable' : (w.label.get(id) ?? id.slice(-6)));
  const caisseOf = (n: number) => w.caisses[n % w.caisses.length];
  const bal = (c: string | null) => (c === null ? 0 : (m.caisse.get(c) ?? 0));

  switch (s.kind) {
    case 'create': {
      const caisse = caisseOf(s.caisse);
      const sub = w.subs[s.type][s.sub % 2];
      const amount = resolveAmount(s.amount, bal(caisse));
      const who = s.by === 'owner' ? w.owner : w.member;
      const r = await send(w, who, 'POST', '/api/pnl-account/fund-movement', { sub_account_id: sub, caisse_id: caisse, date: now(), amount }, s.retry);
      const what = `create ${s.type} ${amount} in ${L(caisse)} by ${s.by}${s.retry ? ' (x2)' : ''}`;
      if (s.type === 'perte' && bal(caisse) < amount) {
        // An expense the caisse can't cover is refused, pending or not.
        expectRefused(r, 409, 4300);
        return `${what} -> refused 4300`;
      }
      expectAccepted(r);
      const pending = s.by === 'member';
      expect(r.data).toMatchObject({ type: s.type, amount, status: pending ? 'pending' : 'confirmed' });
      const op: ModelOp = { id: r.data.id, type: s.type, caisse, sub, amount, status: pending ? 'pending' : 'confirmed', reversalId: null };
      m.ops.push(op);
      w.label.set(op.id, `op${m.ops.length}`);
      m.movements += 1;
      if (!pending) {
        applyOperation(m, op, 1);
        m.postings += 1;
      }
      return `${what} -> ${L(op.id)} ${op.status}`;
    }

    case 'confirm': {
      if (m.ops.length === 0) return 'confirm: no operation yet';
      const pendings = m.ops.filter((o) => o.status === 'pending');
      const pool = s.pendingOnly && pendings.length ? pendings : m.ops;
      const op = pool[s.pick % pool.length];
      const r = await send(w, w.owner, 'POST', '/api/pnl-account/validate-expense', { fund_movement_id: op.id }, s.retry);
      const what = `confirm ${L(op.id)} (${op.status} ${op.type} ${op.amount} in ${L(op.caisse)})${s.retry ? ' (x2)' : ''}`;
      if (op.status === 'confirmed') {
        expectRefused(r, 409, 4342);
        return `${what} -> refused 4342`;
      }
      if (op.status === 'canceled') {
        // Cancelled after its confirmation: refused as cancelled.
        expectRefused(r, 409, 4343);
        return `${what} -> refused 4343`;
      }
      if (op.status === 'refused') {
        expectRefused(r, 409, 4343);
        return `${what} -> refused 4343`;
      }
      if (op.type === 'perte' && bal(op.caisse) < op.amount) {
        // The caisse no longer covers it: refused, and it stays pending.
        expectRefused(r, 409, 4300);
        return `${what} -> refused 4300`;
      }
      expectAccepted(r);
      expect(r.data).toMatchObject({ id: op.id, status: 'confirmed' });
      op.status = 'confirmed';
      applyOperation(m, op, 1);
      m.postings += 1;
      return `${what} -> confirmed`;
    }

    case 'cancel': {
      if (m.ops.length === 0) return 'cancel: no operation yet';
      const comment = `Annulation ${i}`;
      const reversed = m.ops.filter((o) => o.reversalId);
      if (s.target === 'reversal' && reversed.length) {
        // A reversing operation can't itself be cancelled.
        const op = reversed[s.pick % reversed.length];
        const r = await send(w, w.owner, 'DELETE', `/api/accounting/pnl/operation/${op.reversalId}`, { comment }, s.retry);
        expectRefused(r, 409, 4302);
        return `cancel the reversal of ${L(op.id)} -> refused 4302`;
      }
      const live = m.ops.filter((o) => o.status === 'pending' || o.status === 'confirmed');
      const pool = s.target === 'live' && live.length ? live : m.ops;
      const op = pool[s.pick % pool.length];
      const r = await send(w, w.owner, 'DELETE', `/api/accounting/pnl/operation/${op.id}`, { comment }, s.retry);
      const what = `cancel ${L(op.id)} (${op.status} ${op.type} ${op.amount} in ${L(op.caisse)})${s.retry ? ' (x2)' : ''}`;
      if (op.status === 'canceled' || op.status === 'refused') {
        expectRefused(r, 409, 4301);
        return `${what} -> refused 4301`;
      }
      if (op.sub === w.contractDriver) {
        // A contract's payment: the contract's figures must equal the ledger, so the operations screen can't cancel it.
        expectRefused(r, 409, 4745);
        return `${what} -> refused 4745 (a contract's payment)`;
      }
      if (op.yango) {
        // Taken from the driver's Yango balance: the park's Yango account must stay its paid debits.
        expectRefused(r, 409, 4846);
        return `${what} -> refused 4846 (a Yango debit)`;
      }
      if (op.course) {
        // A course's revenue: the finished course points at it, so the operations screen can't cancel it.
        expectRefused(r, 409, 4824);
        return `${what} -> refused 4824 (a course's revenue)`;
      }
      if (op.status === 'pending') {
        expectAccepted(r);
        expect(r.data).toMatchObject({ id: op.id, status: 'refused', canceled_movment_id: null, cancel_comment: comment });
        op.status = 'refused';
        return `${what} -> refused (Refusé)`;
      }
      if (op.type === 'profit' && bal(op.caisse) < op.amount) {
        // The revenue's money has left the caisse: it can't be taken back.
        expectRefused(r, 409, 4300);
        return `${what} -> refused 4300`;
      }
      expectAccepted(r);
      expect(r.data).toMatchObject({ id: op.id, status: 'canceled', cancel_comment: comment });
      expect(r.data.canceled_movment_id).toEqual(expect.any(String));
      op.status = 'canceled';
      op.reversalId = r.data.canceled_movment_id;
      w.label.set(op.reversalId!, `reversal of ${L(op.id)}`);
      applyOperation(m, op, -1);
      m.postings += 1;
      m.movements += 1;
      return `${what} -> canceled`;
    }

    case 'transfer': {
      // Mostly two different caisses; now and then the same one, which is refused.
      const n = w.caisses.length;
      const from = caisseOf(s.from);
      const to = s.same ? from : w.caisses[(s.from + 1 + (s.to % (n - 1))) % n];
      const amount = resolveAmount(s.amount, bal(from));
      const r = await send(w, w.owner, 'POST', '/api/caisse/transfer', { from_caisse_id: from, to_caisse_id: to, amount, comment: `Transfert ${i}` }, s.retry);
      const what = `transfer ${amount} ${L(from)} -> ${L(to)} (holds ${bal(from)})${s.retry ? ' (x2)' : ''}`;
      if (from === to) {
        expectRefused(r, 422, 4329);
        return `${what} -> refused 4329`;
      }
      if (bal(from) < amount) {
        expectRefused(r, 409, 4300);
        return `${what} -> refused 4300`;
      }
      expectAccepted(r);
      expect(r.data).toMatchObject({ type: 'transfer', status: 'success', amount, caisse_id: from, target_caisse_id: to });
      addTo(m.caisse, from, -amount);
      addTo(m.caisse, to, amount);
      m.postings += 1;
      m.transfers += 1;
      return `${what} -> done`;
    }

    case 'withdraw': {
      const caisse = s.from === 'park' ? null : caisseOf(s.from);
      const available = caisse ? bal(caisse) : m.park;
      const max = maxWithdrawable(w, available);
      const amount = s.amount === 'half' ? Math.max(1, Math.floor(max / 2)) : s.amount === 'all' ? Math.max(1, max) : s.amount === 'over' ? max + 1 : s.amount;
      const fee = feeOf(w, amount);
      const body = { withdraw_on_park_id: s.failing ? w.means.failing : w.means.good, amount, reason: `Retrait ${i}`, ...(caisse ? { caisse_id: caisse } : {}) };
      if (s.later) w.sims.wave.settleAfterMs = null;
      let r: ApiAnswer;
      try {
        r = await send(w, w.owner, 'POST', '/api/transaction/withdraw', body, s.retry);
      } finally {
        w.sims.wave.settleAfterMs = 0;
      }
      const what = `withdraw ${amount}+${fee} from ${caisse ? L(caisse) : 'the park balance'} (holds ${available}) to a ${s.failing ? 'failing' : 'good'} number${s.later ? ', answered later' : ''}${s.retry ? ' (x2)' : ''}`;
      if (available < amount + fee) {
        expectRefused(r, 409, 4300);
        return `${what} -> refused 4300`;
      }
      const x: ModelWithdrawal = { id: r.data?.id, status: 'pending', caisse, amount, fee, failingNumber: s.failing };
      m.withdrawals.push(x);
      w.label.set(x.id, `withdrawal${m.withdrawals.length}`);
      if (s.later) {
        // Off the balance at once, paid or given back when the operator answers.
        expectAccepted(r);
        expect(r.message).toBe('Transaction initiée');
        expect(r.data).toMatchObject({ type: 'withdraw', status: 'pending', amount, fees: fee, refunded: false });
        takeWithdrawal(m, w, x, 1);
        m.postings += 1;
        return `${what} -> ${L(x.id)} pending`;
      }
      if (s.failing) {
        // Taken, then given back by a visible reversal: two postings, no money moved.
        expectRefused(r, 422, 4363);
        expect(r.data).toMatchObject({ status: 'failed', refunded: true, amount, fees: fee });
        x.status = 'failed';
        m.postings += 2;
        return `${what} -> ${L(x.id)} failed and refunded`;
      }
      expectAccepted(r);
      expect(r.data).toMatchObject({ type: 'withdraw', status: 'success', amount, fees: fee, total: amount + fee });
      x.status = 'success';
      takeWithdrawal(m, w, x, 1);
      m.postings += 1;
      return `${what} -> ${L(x.id)} paid`;
    }

    case 'settle': {
      if (m.withdrawals.length === 0) return 'settle: no withdrawal yet';
      const pendings = m.withdrawals.filter((x) => x.status === 'pending');
      const pool = s.pendingOnly && pendings.length ? pendings : m.withdrawals;
      const x = pool[s.pick % pool.length];
      const before = x.status;
      const outcome = x.failingNumber ? 'failed' : s.outcome;
      if (before === 'pending') w.sims.wave.settle(x.id, outcome);
      const r = await w.ctx.api('GET', `/api/transaction/check-status/${x.id}`, as(w.owner));
      expectAccepted(r);
      const what = `check-status of ${L(x.id)} (${before}${before === 'pending' ? `, the operator says ${outcome}` : ''})`;
      if (before !== 'pending') {
        // Settled already: a check changes nothing.
        expect(r.data.status).toBe(before);
        return `${what} -> still ${before}`;
      }
      expect(r.data).toMatchObject({ status: outcome, refunded: outcome === 'failed' });
      x.status = outcome;
      if (outcome === 'failed') {
        takeWithdrawal(m, w, x, -1);
        m.postings += 1;
      }
      return `${what} -> ${outcome}`;
    }

    case 'finish': {
      if (s.again && m.finished.length) {
        // Paid already: a second finish is refused and moves nothing.
        const id = m.finished[s.caisse % m.finished.length];
        const r = await send(w, w.owner, 'PUT', `/api/entretien/${id}`, finishBody(caisseOf(s.caisse), 1, 1), s.retry);
        expectRefused(r, 409, 4655);
        return `finish ${L(id)} again -> refused 4655`;
      }
      const caisse = caisseOf(s.caisse);
      const total = resolveAmount(s.amount, bal(caisse));
      const oil = Math.floor((total * s.split) / 4);
      const brakes = total - oil;
      // A new vehicle each time: a vehicle's maintenances can't overlap.
      const vehicle = await insertVehicle(w.ctx.database.db, w.parkId, { registration: `FX-${++plateNo}` });
      const scheduled = await w.ctx.api('POST', '/api/entretien', {
        ...as(w.owner),
        body: {
          vehicle_id: vehicle,
          duration_choice: 2,
          start_date: toWireDate(new Date()).slice(0, 10),
          maintenances: [
            { repair_type_id: VIDANGE, maintenanceCarComponent: [{ component_id: OIL }] },
            { repair_type_id: REPARATION, maintenanceCarComponent: [{ component_id: BRAKE_PADS }] },
          ],
        },
      });
      expectAccepted(scheduled);
      const id = scheduled.data.id as string;
      w.label.set(id, `maintenance${m.finished.length + 1}`);
      const who = s.by === 'owner' ? w.owner : w.member;
      const r = await send(w, who, 'PUT', `/api/entretien/${id}`, finishBody(caisse, oil, brakes), s.retry);
      const what = `finish a maintenance (vidange ${oil}, réparation ${brakes}) from ${L(caisse)} (holds ${bal(caisse)}) by ${s.by}${s.retry ? ' (x2)' : ''}`;
      if (bal(caisse) < oil + brakes) {
        // The caisse must hold the total, pending or not; nothing is written.
        expectRefused(r, 409, 4300);
        return `${what} -> refused 4300`;
      }
      expectAccepted(r);
      expect(r.data).toMatchObject({ id, status: 'finished', amount: oil + brakes });
      // One operation per repair type that cost something, waiting for the owner when a member finished.
      const pending = s.by === 'member';
      const paid = [
        { sub: w.repairs.vidange, code: 'vidange', amount: oil },
        { sub: w.repairs.reparation, code: 'reparation', amount: brakes },
      ].filter((g) => g.amount > 0);
      const answered = r.data.operations as { id: string; amount: number; sub_account: { code: string } }[];
      expect(answered.map((o) => [o.sub_account.code, o.amount]).sort()).toEqual(paid.map((g) => [g.code, g.amount]).sort());
      for (const o of answered) {
        const g = paid.find((x) => x.code === o.sub_account.code)!;
        const op: ModelOp = { id: o.id, type: 'perte', caisse, sub: g.sub, amount: g.amount, status: pending ? 'pending' : 'confirmed', reversalId: null };
        m.ops.push(op);
        w.label.set(op.id, `op${m.ops.length}`);
        m.movements += 1;
        if (!pending) {
          applyOperation(m, op, 1);
          m.postings += 1;
        }
      }
      m.finished.push(id);
      return `${what} -> ${answered.map((o) => L(o.id)).join(', ') || 'nothing to pay'} ${pending ? 'pending' : 'confirmed'}`;
    }

    case 'contract': {
      if (!m.contract || m.contract.paid >= m.contract.total) {
        const driverId = await insertDriver(w.ctx, w.parkId, { firstName: 'Koffi', lastName: `Flux ${++plateNo}` });
        const vehicleId = await insertVehicle(w.ctx.database.db, w.parkId, { registration: `LV-${++plateNo}` });
        const schedule = [{ due: dayFrom(-1), amount: 20_000 }, { due: dayFrom(29), amount: 20_000 }, { due: dayFrom(59), amount: 15_000 }];
        const c = await insertContract(w.ctx, { parkId: w.parkId, vehicleId, driverId, schedule });
        m.contract = { id: c.id, total: 55_000, paid: 0 };
      }
      const contract = m.contract;
      const remaining = contract.total - contract.paid;
      const caisse = caisseOf(s.caisse);
      const amount = resolveAmount(s.amount, remaining);
      const r = await send(w, w.owner, 'POST', `/api/contract/${contract.id}/collect`, { amount, payment_type: 'cash', caisse_id: caisse }, s.retry);
      const what = `a driver pays ${amount} on his contract (${remaining} remaining) into ${L(caisse)}${s.retry ? ' (x2)' : ''}`;
      if (amount > remaining) {
        expectRefused(r, 400, 4733);
        return `${what} -> refused 4733`;
      }
      expectAccepted(r);
      contract.paid += amount;
      expect(r.data.contract, 'the contract follows').toMatchObject({ total_paid: contract.paid, remaining_amount: contract.total - contract.paid });
      // One confirmed revenue per instalment reached, under 'contract_driver', into the caisse.
      const known = new Set(m.ops.flatMap((o) => [o.id, o.reversalId].filter(Boolean) as string[]));
      const rows = await w.ctx.database.db
        .select({ id: fundMovements.id, amount: fundMovements.amount, caisseId: fundMovements.caisseId })
        .from(fundMovements)
        .where(and(eq(fundMovements.parkId, w.parkId), eq(fundMovements.subAccountId, w.contractDriver)))
        .orderBy(fundMovements.id);
      const fresh = rows.filter((f) => !known.has(f.id) && f.amount > 0);
      expect(fresh.reduce((sum, f) => sum + f.amount, 0), what).toBe(amount);
      for (const f of fresh) {
        expect(f.caisseId).toBe(caisse);
        const op: ModelOp = { id: f.id, type: 'profit', caisse, sub: w.contractDriver, amount: f.amount, status: 'confirmed', reversalId: null };
        m.ops.push(op);
        w.label.set(op.id, `op${m.ops.length}`);
        m.movements += 1;
        m.postings += 1;
        applyOperation(m, op, 1);
      }
      return `${what} -> ${fresh.map((f) => `${L(f.id)} ${f.amount}`).join(', ')}`;
    }

    case 'course':
      return runCourseStep(w, m, s, L);

    case 'yango':
      return runYangoStep(w, m, s, L);

    case 'subscription':
      return runSubscriptionStep(w, m, s);

    case 'payIn': {
      await w.ctx.database.db.transaction((tx) => recordIncomingPayment(tx, { parkId: w.parkId, amount: s.amount, provider: 'wave', providerRef: `flux-${w.parkId}-${++refNo}` }));
      m.park += s.amount;
      addTo(m.pnl, w.recette, -s.amount);
      m.postings += 1;
      return `pay-in ${s.amount} to the park balance`;
    }
  }
}
