import { and, eq } from 'drizzle-orm';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN, uuidv7 } from '../../platform/ids.ts';
import { fromMinor } from '../../platform/money.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount } from '../treasury/caisse-accounts.ts';
import { parkTransactions } from '../treasury/treasury.tables.ts';
import { courseLabel, usableCaisse } from './course-finish.ts';
import { courses } from './courses.tables.ts';

/** What the park sees of a settled receivable. */
export interface CourseSettlement {
  id: string;
  reference: string;
  amount: number;
  settled_at: string;
  transaction_id: string;
  caisse: { id: string; name: string };
}

/** What the ledger names a settlement's posting by (ledger_postings.source_kind, source_id = the park transaction). */
export const COURSE_PAYMENT_SOURCE = 'course_payment';

/**
 * POST /course/{id}/settle: the client pays what he owes for a course finished as a receivable.
 * One 'course_payment' park transaction, settled at once (no one outside the park answers), into
 * the caisse chosen or the default cash account (one the profile may use), and its posting:
 * caisse +A, client_receivable(client) -A. The revenue itself was counted when the course finished;
 * this only moves where its money is. The course's row is locked first, so of two clicks the
 * second sees it settled (COURSE_ALREADY_SETTLED) and moves nothing.
 */
export async function settleCourse(db: Db, acting: ActingProfile, courseId: string, body: { caisse_id?: string }): Promise<CourseSettlement> {
  if (!UUID_PATTERN.test(courseId)) throw new AppError('COURSE_NOT_FOUND');
  const parkId = acting.parkId;
  return db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(and(eq(courses.parkId, parkId), eq(courses.id, courseId))).for('update');
    if (!course) throw new AppError('COURSE_NOT_FOUND');
    if (course.status !== 'finished' || course.paymentMode !== 'receivable' || course.amount <= 0) throw new AppError('COURSE_NOT_RECEIVABLE');
    if (course.settledAt) throw new AppError('COURSE_ALREADY_SETTLED');
    const caisse = await usableCaisse(tx, acting, body.caisse_id);
    const { reference, clientName } = await courseLabel(tx, course, acting.park.timeZone);
    const reason = clientName ? `Règlement de la course ${reference}\u00a0: ${clientName}` : `Règlement de la course ${reference}`;

    const id = uuidv7();
    const postingId = await post(tx, {
      parkId,
      sourceKind: COURSE_PAYMENT_SOURCE,
      sourceId: id,
      memo: reason,
      createdBy: acting.id,
      lines: [
        { accountId: await caisseLedgerAccount(tx, parkId, caisse.id), amount: course.amount },
        { accountId: await ledgerAccount(tx, parkId, 'client_receivable', course.clientId), amount: -course.amount },
      ],
    });
    const now = new Date();
    await tx.insert(parkTransactions).values({
      id,
      parkId,
      type: 'course_payment',
      status: 'success',
      amount: course.amount,
      caisseId: caisse.id,
      reason,
      postingId,
      createdBy: acting.id,
      completedAt: now,
    });
    await tx.update(courses).set({ settledAt: now, settledTransactionId: id, updatedAt: now }).where(eq(courses.id, course.id));
    return {
      id: course.id,
      reference,
      amount: fromMinor(course.amount, acting.park.currency),
      settled_at: toWireDate(now, acting.park.timeZone),
      transaction_id: id,
      caisse: { id: caisse.id, name: caisse.name },
    };
  });
}
