import { CONTRACT_MESSAGES, type TContractCollect, type TContractCollectResult } from '@flotte/contract/contracts';
import { OPERATION_MESSAGES } from '@flotte/contract/operations';
import { mobileMoneyPayerError, type TTransactionValidation } from '@flotte/contract/payins';
import { RECIPE_COLLECTION_MESSAGES, type TRecipePaymentType } from '@flotte/contract/recipes';
import { formatAmount } from '../../ui/format.ts';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';

/**
 * 'Encaisser' on a driver contract (issue 19 section 1): an amount (what is overdue, else the next
 * instalment), applied by the server to the oldest unpaid instalments, and the recipes' payment
 * modes: cash into a caisse, the driver's balance, or mobile money (then the validation card).
 */

export interface CollectValues {
  amount: number | null;
  payment_type: TRecipePaymentType | null;
  /** A caisse id, CASH_OPTION for the default cash account, or null (= the default with ACCESS_CAISSE_CASH). */
  caisse: string | null;
  operator_id: string | null;
  phone: string;
  comment: string;
}

export const collectDefaults = (amount: number, phone = ''): CollectValues => ({
  amount: amount > 0 ? amount : null,
  payment_type: 'cash',
  caisse: null,
  operator_id: null,
  phone,
  comment: '',
});

/**
 * The first failing check, in the form's order, or null: an amount above 0 and at most what the
 * contract still owes, a mode, operator and phone for mobile money, and a named caisse for cash
 * without ACCESS_CAISSE_CASH.
 */
export function collectError(values: CollectValues, opts: { cashAccess: boolean; remaining: number }): string | null {
  const { amount } = values;
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return 'Entrez un montant valide';
  if (Math.round(amount * 100) > Math.round(opts.remaining * 100)) return `Le montant ne peut pas dépasser le reste à payer (${formatAmount(opts.remaining)})`;
  if (!values.payment_type) return RECIPE_COLLECTION_MESSAGES.requiredFields;
  if (values.payment_type === 'mobile_money') {
    const failed = mobileMoneyPayerError({ operator_id: values.operator_id, phone: values.phone });
    if (failed) return failed;
  }
  if (values.payment_type === 'cash' && !opts.cashAccess && (!values.caisse || values.caisse === CASH_OPTION)) return OPERATION_MESSAGES.caisse;
  return null;
}

export function collectBody(values: CollectValues): TContractCollect {
  const type = values.payment_type ?? 'cash';
  return {
    amount: values.amount ?? 0,
    payment_type: type,
    caisse_id: type === 'cash' && values.caisse && values.caisse !== CASH_OPTION ? values.caisse : undefined,
    operator_id: type === 'mobile_money' ? (values.operator_id ?? undefined) : undefined,
    phone: type === 'mobile_money' ? values.phone.trim() || undefined : undefined,
    comment: values.comment.trim() || undefined,
  };
}

/**
 * The validation card's data in a collect answer: the pay-in started for mobile money (the card's
 * own shape, or wrapped as the recipes' answers are), else null.
 */
export function collectValidation(result: Pick<TContractCollectResult, 'transaction'>): TTransactionValidation | null {
  const t = result.transaction as Record<string, unknown> | null;
  if (!t) return null;
  const card = (t.validation && typeof t.validation === 'object' ? t.validation : t) as Record<string, unknown>;
  return typeof card.transaction_id === 'string' ? (card as unknown as TTransactionValidation) : null;
}

/** 'Payer' on a partner instalment: a named caisse, or none (the default cash account) with ACCESS_CAISSE_CASH. */
export function partnerPayError(caisse: string | null, opts: { cashAccess: boolean }): string | null {
  return !opts.cashAccess && (!caisse || caisse === CASH_OPTION) ? CONTRACT_MESSAGES.chooseCaisse : null;
}

export const partnerPayBody = (caisse: string | null, comment: string) => ({
  caisse_id: caisse && caisse !== CASH_OPTION ? caisse : undefined,
  comment: comment.trim() || undefined,
});
