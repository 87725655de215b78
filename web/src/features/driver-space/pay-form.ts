import { PAYIN_MESSAGES } from '@flotte/contract/payins';
import { RECIPE_COLLECTION_MESSAGES } from '@flotte/contract/recipes';
import type { TDriverPayInput } from '@flotte/contract';

export interface PayDraft {
  operatorId: string;
  phone: string;
  /** null: all that remains. */
  amount: number | null;
}

export type PayErrors = Partial<Record<'operator' | 'phone' | 'amount', string>>;

/**
 * The driver's payment form, checked before it is sent: an operator, a phone, an amount above
 * zero and not above what remains. Answers the body for POST /driver/me/pay (amount left out when
 * he pays all that remains), or the errors under their fields.
 */
export function checkPay(recipeId: string, remaining: number, d: PayDraft): { ok: true; body: TDriverPayInput } | { ok: false; errors: PayErrors } {
  const errors: PayErrors = {};
  if (!d.operatorId) errors.operator = PAYIN_MESSAGES.requiredFields;
  const phone = d.phone.replace(/\s+/g, '');
  if (!phone) errors.phone = PAYIN_MESSAGES.requiredFields;
  else if (!/^\+?\d{8,15}$/.test(phone)) errors.phone = PAYIN_MESSAGES.phoneInvalid;
  if (d.amount !== null) {
    if (!Number.isFinite(d.amount) || d.amount <= 0 || Math.abs(Math.round(d.amount * 100) - d.amount * 100) > 1e-6) errors.amount = RECIPE_COLLECTION_MESSAGES.invalidAmount;
    else if (d.amount > remaining + 1e-9) errors.amount = RECIPE_COLLECTION_MESSAGES.amountAboveRemaining;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const partial = d.amount !== null && d.amount < remaining - 1e-9;
  return { ok: true, body: { recette_id: recipeId, operator_id: d.operatorId, phone, ...(partial ? { amount: d.amount! } : {}) } };
}
