import { CAISSE_MESSAGES, type TBankOperationInput, type TCaisseTransferInput } from '@flotte/contract/caisses';
import { ErrorCodes } from '@flotte/contract/errors';

/**
 * The transfer and bank-operation dialogs' pure rules (spec 001 section 5 'Bank operation'): what
 * must be filled, and the body each call takes. The server checks the same again (and the funds).
 */
export interface TransferFormValues {
  from_caisse_id: string | null;
  to_caisse_id: string | null;
  amount: number | null;
  comment: string;
}

export interface BankOperationFormValues {
  caisse_id: string | null;
  amount: number | null;
  description: string;
}

export const TRANSFER_DEFAULTS: TransferFormValues = { from_caisse_id: null, to_caisse_id: null, amount: null, comment: '' };
export const BANK_OPERATION_DEFAULTS: BankOperationFormValues = { caisse_id: null, amount: null, description: '' };

function amountError(amount: number | null): string | null {
  if (amount === null) return CAISSE_MESSAGES.amountRequired;
  if (!(amount > 0)) return CAISSE_MESSAGES.amountPositive;
  return null;
}

export function transferErrors(v: TransferFormValues): Partial<Record<keyof TransferFormValues, string>> {
  const errors: Partial<Record<keyof TransferFormValues, string>> = {};
  if (!v.from_caisse_id) errors.from_caisse_id = CAISSE_MESSAGES.fromRequired;
  if (!v.to_caisse_id) errors.to_caisse_id = CAISSE_MESSAGES.toRequired;
  else if (v.to_caisse_id === v.from_caisse_id) errors.to_caisse_id = ErrorCodes.TRANSFER_SAME_CAISSE.message;
  const amount = amountError(v.amount);
  if (amount) errors.amount = amount;
  if (v.comment.trim().length > 500) errors.comment = CAISSE_MESSAGES.commentTooLong;
  return errors;
}

export function transferBody(v: TransferFormValues, parkId: string): TCaisseTransferInput {
  return { from_caisse_id: v.from_caisse_id!, to_caisse_id: v.to_caisse_id!, amount: v.amount!, comment: v.comment.trim() || undefined, park_id: parkId };
}

/** Checked in the spec's order: the amount, then the caisse. */
export function bankOperationErrors(v: BankOperationFormValues): Partial<Record<keyof BankOperationFormValues, string>> {
  const errors: Partial<Record<keyof BankOperationFormValues, string>> = {};
  const amount = amountError(v.amount);
  if (amount) errors.amount = amount;
  if (!v.caisse_id) errors.caisse_id = CAISSE_MESSAGES.caisseRequired;
  if (v.description.trim().length > 500) errors.description = CAISSE_MESSAGES.descriptionTooLong;
  return errors;
}

export function bankOperationBody(v: BankOperationFormValues, parkId: string): TBankOperationInput {
  return { amount: v.amount!, caisse_id: v.caisse_id!, description: v.description.trim() || undefined, park_id: parkId };
}

/** A caisse whose balance can't cover the amount (the server refuses it too, under its lock). */
export function exceedsBalance(amount: number | null, sold: number | undefined): boolean {
  return amount !== null && sold !== undefined && amount > sold;
}
