import { COURSE_MESSAGES, type TCoursePaymentMode, type TCourseUpdate } from '@flotte/contract/courses';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';

/**
 * Where a finished course's money goes (issue 20 section 2): into a caisse now, or owed by the
 * client and settled later into a caisse. The caisse is a named one, or the park's default cash
 * account (CASH_OPTION or nothing), which only a holder of ACCESS_CAISSE_CASH may use.
 */

/** The first failing check or null: a mode, and a named caisse for the cash without ACCESS_CAISSE_CASH. */
export function caisseError(caisse: string | null, opts: { cashAccess: boolean }): string | null {
  return !opts.cashAccess && (!caisse || caisse === CASH_OPTION) ? COURSE_MESSAGES.caisse : null;
}

export function finishError(mode: TCoursePaymentMode | null, caisse: string | null, opts: { cashAccess: boolean }): string | null {
  if (!mode) return COURSE_MESSAGES.paymentMode;
  return mode === 'caisse' ? caisseError(caisse, opts) : null;
}

const caisseId = (caisse: string | null) => (caisse && caisse !== CASH_OPTION ? caisse : undefined);

/** PUT /course/{id} to finish it. */
export function finishBody(mode: TCoursePaymentMode, caisse: string | null): TCourseUpdate {
  return { status: 'finished', payment_mode: mode, ...(mode === 'caisse' && caisseId(caisse) ? { caisse_id: caisseId(caisse) } : {}) };
}

/** POST /course/{id}/settle. */
export function settleBody(caisse: string | null): { caisse_id?: string } {
  const id = caisseId(caisse);
  return id ? { caisse_id: id } : {};
}
