import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { finishDirect, insertCourse } from '../courses/course-money.test-support.ts';
import { courses } from '../courses/courses.tables.ts';
import { expectAccepted, expectRefused, send } from './money-flows.test-api.ts';
import { type Model, type ModelOp, type Step, type World, addTo, applyOperation } from './money-flows.test-model.ts';

// ---------------------------------------------------------------------------------------------
// Courses (issue 20): finished into a caisse or as the client's receivable, settled, never cancelled from the operations

export async function runCourseStep(w: World, m: Model, s: Extract<Step, { kind: 'course' }>, L: (id: string | null) => string): Promise<string> {
  const caisse = w.caisses[s.caisse % w.caisses.length];
  const owed = m.courses.filter((c) => c.mode === 'receivable' && !c.settled);
  const paid = m.courses.filter((c) => c.mode !== null);

  if (s.action === 'settle' && m.courses.length) {
    // Mostly a receivable still owed; now and then any finished course (settled, paid into a caisse, offered): refused.
    const pool = owed.length && s.pick % 4 !== 0 ? owed : m.courses;
    const c = pool[s.pick % pool.length];
    const r = await send(w, w.owner, 'POST', `/api/course/${c.id}/settle`, { caisse_id: caisse }, s.retry);
    const what = `settle ${L(c.id)} (${c.mode ?? 'offered'} ${c.amount}${c.settled ? ', settled' : ''}) into ${L(caisse)}${s.retry ? ' (x2)' : ''}`;
    if (c.mode !== 'receivable') {
      expectRefused(r, 409, 4821);
      return `${what} -> refused 4821`;
    }
    if (c.settled) {
      expectRefused(r, 409, 4822);
      return `${what} -> refused 4822`;
    }
    expectAccepted(r);
    expect(r.data).toMatchObject({ id: c.id, amount: c.amount, payment_mode: 'receivable', settled_at: expect.any(String) });
    c.settled = true;
    addTo(m.caisse, caisse, c.amount);
    addTo(m.receivable, w.client, -c.amount);
    m.postings += 1;
    m.coursePayments += 1;
    return `${what} -> settled`;
  }

  if (s.action === 'cancel' && paid.length) {
    const c = paid[s.pick % paid.length];
    const r = await send(w, w.owner, 'DELETE', `/api/accounting/pnl/operation/${c.opId}`, { comment: 'Annulation de la course' }, s.retry);
    expectRefused(r, 409, 4824);
    return `cancel the revenue of ${L(c.id)} from the operations -> refused 4824`;
  }

  // Finish a new course (a settle or cancel with nothing to act on finishes one as a receivable).
  const mode = s.action === 'caisse' ? 'caisse' : 'receivable';
  const { id } = await insertCourse(w.ctx, { parkId: w.parkId, clientId: w.client, amount: s.amount });
  w.label.set(id, `course${m.courses.length + 1}`);
  await finishDirect(w.ctx, w.ownerActing, id, mode === 'caisse' ? { payment_mode: 'caisse', caisse_id: caisse } : { payment_mode: 'receivable' });
  const [row] = await w.ctx.database.db.select().from(courses).where(eq(courses.id, id));
  const what = `finish ${L(id)} of ${s.amount} ${mode === 'caisse' ? `into ${L(caisse)}` : 'as a receivable'}`;
  if (s.amount === 0) {
    expect(row, what).toMatchObject({ status: 'finished', paymentMode: null, fundMovementId: null });
    m.courses.push({ id, amount: 0, mode: null, opId: null, settled: false });
    return `${what} -> finished, no money`;
  }
  expect(row, what).toMatchObject({ status: 'finished', paymentMode: mode, caisseId: mode === 'caisse' ? caisse : null });
  const op: ModelOp = { id: row.fundMovementId!, type: 'profit', caisse: mode === 'caisse' ? caisse : null, client: w.client, course: id, sub: w.course, amount: s.amount, status: 'confirmed', reversalId: null };
  m.ops.push(op);
  w.label.set(op.id, `op${m.ops.length}`);
  m.movements += 1;
  m.postings += 1;
  applyOperation(m, op, 1);
  m.courses.push({ id, amount: s.amount, mode, opId: op.id, settled: false });
  return `${what} -> ${L(op.id)} confirmed`;
}
