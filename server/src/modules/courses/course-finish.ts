import { and, eq } from 'drizzle-orm';
import { courseReference, type TCoursePaymentMode } from '@flotte/contract/courses';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { clients } from '../clients/clients.tables.ts';
import { postOperation } from '../operations/operation-posting.ts';
import { recordCaisseOperation } from '../operations/operation-record.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';
import { defaultCashCaisse, type CaisseRef } from '../treasury/caisse-accounts.ts';
import { assertCaisseUsable } from '../treasury/caisse-access.ts';
import { lockCaissesForMovement } from '../treasury/caisse-movements.ts';
import { courses } from './courses.tables.ts';

/**
 * The money of a finished course (issue 20 section 2, "ledger effect"): its amount is one revenue
 * operation under the park's 'course' sub-account, carrying the course, its client, vehicle and
 * driver, either into a caisse now ('caisse', the default cash account unless one is chosen) or as
 * what the client owes ('receivable': funding client_receivable, no caisse, settled later by
 * course-settle.ts). Both land in the operations list and in the dashboard's 'Courses' revenue
 * (revenue-accounts.ts reads the 'course' code).
 *
 * The revenue is recorded confirmed even where the park's operations wait for the owner: the
 * course points at it (fund_movement_id) and a refused pending operation would leave a finished
 * course whose money never arrived, with nothing on the course to say so. For the same reason the
 * operations screen may not cancel it (courses.hooks.ts).
 */

type Course = typeof courses.$inferSelect;

export interface CourseFinishInput {
  payment_mode?: TCoursePaymentMode;
  caisse_id?: string;
}

/** The course's purchase-order number and its client's name: how its money is named (operation comment, transaction reason). */
export async function courseLabel(tx: Tx, course: Course, timeZone: string): Promise<{ reference: string; clientName: string }> {
  const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, course.clientId));
  const reference = courseReference(course.number, toWireDate(course.createdAt, timeZone));
  return { reference, clientName: client?.name ?? '' };
}

/**
 * The park's 'course' revenue sub-account. Read by its code (one per park, unique index): every
 * park's chart has it from creation or migration 0017 and a coded account can't be deleted, so
 * none is a broken chart.
 */
export async function courseSubAccount(tx: Tx, parkId: string): Promise<{ id: string; name: string }> {
  const [row] = await tx
    .select({ id: pnlAccounts.id, name: pnlAccounts.name })
    .from(pnlAccounts)
    .where(and(eq(pnlAccounts.parkId, parkId), eq(pnlAccounts.code, 'course'), eq(pnlAccounts.type, 'profit')));
  if (!row) throw new AppError('COURSE_SUB_ACCOUNT_MISSING');
  return row;
}

/**
 * The caisse chosen, or the default cash account; either must be one the profile may use
 * (caisse-access.ts), else 403. A chosen caisse is share-locked as the treasury's movements do, so
 * a delete of it waits for this money and then sees it.
 */
export async function usableCaisse(tx: Tx, acting: ActingProfile, caisseId: string | undefined): Promise<CaisseRef> {
  if (caisseId) {
    const id = caisseId.toLowerCase();
    if (!UUID_PATTERN.test(id)) throw new AppError('CAISSE_NOT_FOUND');
    return (await lockCaissesForMovement(tx, acting, [id])).get(id)!;
  }
  const cash = await defaultCashCaisse(tx, acting.parkId);
  await assertCaisseUsable(tx, acting, cash);
  return cash;
}

/**
 * Finishes a running course, in the caller's transaction: the caller has locked the course's row
 * and checked it is 'inProgres'. With an amount, records its revenue (see above); at 0 (a course
 * offered) no money moves and the course keeps no payment mode.
 */
export async function finishCourse(tx: Tx, acting: ActingProfile, course: Course, input: CourseFinishInput): Promise<void> {
  const now = new Date();
  let money: { paymentMode: TCoursePaymentMode; caisseId: string | null; fundMovementId: string } | null = null;
  if (course.amount > 0) {
    const subAccount = await courseSubAccount(tx, acting.parkId);
    const { reference, clientName } = await courseLabel(tx, course, acting.park.timeZone);
    const comment = clientName ? `Course ${reference}\u00a0: ${clientName}` : `Course ${reference}`;
    const mode = input.payment_mode ?? 'caisse';
    if (mode === 'caisse') {
      const caisse = await usableCaisse(tx, acting, input.caisse_id);
      const id = await recordCaisseOperation(tx, {
        parkId: acting.parkId,
        type: 'profit',
        subAccount,
        caisseId: caisse.id,
        amount: course.amount,
        operationDate: now,
        comment,
        vehicleId: course.vehicleId,
        driverId: course.driverId,
        courseId: course.id,
        clientId: course.clientId,
        createdBy: acting.id,
        pending: false,
      });
      money = { paymentMode: 'caisse', caisseId: caisse.id, fundMovementId: id };
    } else {
      const id = await recordReceivable(tx, acting, course, subAccount, comment, now);
      money = { paymentMode: 'receivable', caisseId: null, fundMovementId: id };
    }
  }
  await tx
    .update(courses)
    .set({ status: 'finished', finishedAt: now, finishedBy: acting.id, paymentMode: money?.paymentMode ?? null, caisseId: money?.caisseId ?? null, fundMovementId: money?.fundMovementId ?? null, updatedAt: now })
    .where(eq(courses.id, course.id));
}

/**
 * The revenue as the client's debt: an operation held in no caisse (funding client_receivable), its
 * posting client_receivable(client) +A, pnl(course) -A. The operations list names its holder
 * 'Créance client' (FUNDING_LABELS).
 */
async function recordReceivable(tx: Tx, acting: ActingProfile, course: Course, subAccount: { id: string; name: string }, comment: string, now: Date): Promise<string> {
  const [row] = await tx
    .insert(fundMovements)
    .values({
      parkId: acting.parkId,
      type: 'profit',
      subAccountId: subAccount.id,
      caisseId: null,
      funding: 'client_receivable',
      amount: course.amount,
      operationDate: now,
      comment,
      collectMethod: null,
      vehicleId: course.vehicleId,
      driverId: course.driverId,
      courseId: course.id,
      clientId: course.clientId,
      createdBy: acting.id,
      confirmedAt: now,
      confirmedBy: acting.id,
    })
    .returning({ id: fundMovements.id });
  const postingId = await postOperation(
    tx,
    { id: row.id, parkId: acting.parkId, type: 'profit', amount: course.amount, caisseId: null, funding: 'client_receivable', driverId: null, clientId: course.clientId, subAccountId: subAccount.id },
    { createdBy: acting.id, memo: subAccount.name },
  );
  await tx.update(fundMovements).set({ postingId }).where(eq(fundMovements.id, row.id));
  return row.id;
}
