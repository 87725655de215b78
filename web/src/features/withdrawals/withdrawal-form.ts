import { WITHDRAW_MESSAGES, type TCreditAccountInput, type TParkTransactionStatus, type TWithdrawInput, type TWithdrawMeansInput } from '@flotte/contract/withdrawals';
import { withdrawalFee } from '@flotte/contract/withdrawal-fees';

/**
 * The withdrawal dialog's rules, kept apart from the components so they are tested alone: the fee
 * shown (the server's integer rule, contract/withdrawal-fees.ts), the bodies sent, and when the
 * spec's warning 'Vérifiez que tous les champs sont corrects !' stops a step.
 */

export const CHECK_FIELDS_WARNING = WITHDRAW_MESSAGES.checkFields;

export interface WithdrawDraft {
  meansId: string | null;
  amount: number | null;
  reason: string;
  /** Funds the payout from this caisse instead of the park balance. */
  caisseId: string | null;
}

export const emptyWithdrawDraft = (): WithdrawDraft => ({ meansId: null, amount: null, reason: '', caisseId: null });

/** The fee and the total leaving the balance, as the server will compute them; null without a valid amount. */
export function draftFee(draft: WithdrawDraft, feesPercent: number | undefined, currency: string | null | undefined) {
  if (draft.amount === null || feesPercent === undefined) return null;
  return withdrawalFee(draft.amount, feesPercent, currency);
}

/** Steps: 0 choose the means, 1 amount and reason, 2 confirm. Amount and means are required (spec 001 section 5). */
export function stepComplete(step: number, draft: WithdrawDraft): boolean {
  if (step === 0) return draft.meansId !== null;
  return draft.meansId !== null && draft.amount !== null && Number.isFinite(draft.amount) && draft.amount > 0;
}

/** POST /transaction/withdraw, or null when a required field is missing (the warning shows). */
export function withdrawBody(draft: WithdrawDraft): TWithdrawInput | null {
  if (!stepComplete(1, draft)) return null;
  const reason = draft.reason.trim();
  return {
    withdraw_on_park_id: draft.meansId!,
    amount: draft.amount!,
    ...(reason ? { reason } : {}),
    ...(draft.caisseId ? { caisse_id: draft.caisseId } : {}),
  };
}

/** POST|PUT /mean-withdraw-on-park: the number already carries its calling code ('+237…' from PhoneInput). */
export function meansBody(v: { title: string; phone: string; modeId: number | null }, parkId: string): TWithdrawMeansInput | null {
  const title = v.title.trim();
  if (!title || !v.phone || v.modeId === null) return null;
  return { title, phone_number: v.phone, vct_withdraw_id: v.modeId, park_id: parkId };
}

/** POST /transaction/credit-account. */
export function creditBody(v: { caisseId: string | null; amount: number | null; comment: string }, parkId: string): TCreditAccountInput | null {
  if (!v.caisseId || v.amount === null || !(v.amount > 0)) return null;
  const comment = v.comment.trim();
  return { caisse_id: v.caisseId, amount: v.amount, park_id: parkId, ...(comment ? { comment } : {}) };
}

export const STATUS_COLORS: Record<TParkTransactionStatus, string> = { init: 'gray', pending: 'yellow', success: 'teal', failed: 'red', cancelled: 'gray' };
