import type { Permission } from '@flotte/contract';
import { OPERATION_MESSAGES } from '@flotte/contract/operations';
import { mobileMoneyPayerError } from '@flotte/contract/payins';
import { RECIPE_COLLECTION_MESSAGES, RECIPE_PAYMENT_TYPES, type TDebtInput, type TExceptionalPaymentInput, type TRecipePaymentType } from '@flotte/contract/recipes';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';

/**
 * The exceptional payment / unscheduled recipe / debit-driver dialog (spec 001 sections 2.5, 5
 * 'Exceptional payment'): three modes, their checks in the spec's order, and their bodies.
 * - 'exceptional': money a driver brings outside any recipe (an unscheduled recipe, collected at once);
 * - 'unscheduled': the same for a day and a vehicle the planning didn't have;
 * - 'debt': a debt put on the driver, nothing collected ('Chauffeur endetté').
 */

export type ExceptionalMode = 'exceptional' | 'unscheduled' | 'debt';

export const EXCEPTIONAL_MODE_LABELS: Record<ExceptionalMode, string> = {
  exceptional: 'Paiement exceptionnel',
  unscheduled: 'Recette non programmée',
  debt: 'Endetter le chauffeur',
};

/** The modes the person may use: payments with ENCAISSER, the debt with MANAGE_DRIVER_VEHICLE. */
export function exceptionalModes(can: (p: Permission) => boolean): ExceptionalMode[] {
  const modes: ExceptionalMode[] = [];
  if (can('ENCAISSER')) modes.push('exceptional', 'unscheduled');
  if (can('MANAGE_DRIVER_VEHICLE')) modes.push('debt');
  return modes;
}

export interface ExceptionalValues {
  mode: ExceptionalMode;
  driver_id: string | null;
  vehicle_id: string | null;
  /** yyyy-MM-dd. */
  date: string | null;
  amount: number | null;
  payment_type: TRecipePaymentType | null;
  caisse: string | null;
  operator_id: string | null;
  phone: string;
  description: string;
  /** Debt mode: the salary share of the debt, optional. */
  salary_amount: number | null;
}

export function exceptionalDefaults(mode: ExceptionalMode, today: string, driverId: string | null = null): ExceptionalValues {
  return {
    mode,
    driver_id: driverId,
    vehicle_id: null,
    date: today,
    amount: null,
    payment_type: 'cash',
    caisse: null,
    operator_id: null,
    phone: '',
    description: '',
    salary_amount: null,
  };
}

/** Every mode of payment: the recipe created is unscheduled, so the driver's balance may pay it. */
export const EXCEPTIONAL_PAYMENT_TYPES: readonly TRecipePaymentType[] = RECIPE_PAYMENT_TYPES;

const REQUIRED = RECIPE_COLLECTION_MESSAGES.requiredFields;

/**
 * The first failure, as the error toast shows it, or null. Spec order: amount above 0 and a driver;
 * an unscheduled recipe also needs a date and a vehicle; a debt needs driver, vehicle, date and
 * amount; then the payment means (a mode, operator and phone for mobile money, a caisse unless the
 * person has ACCESS_CAISSE_CASH).
 */
export function exceptionalError(v: ExceptionalValues, opts: { cashAccess: boolean }): string | null {
  if (v.amount === null || !Number.isFinite(v.amount) || v.amount <= 0 || !v.driver_id) return REQUIRED;
  if (v.mode !== 'exceptional' && (!v.date || !v.vehicle_id)) return REQUIRED;
  if (v.salary_amount !== null && v.salary_amount < 0) return RECIPE_COLLECTION_MESSAGES.invalidAmount;
  if (v.mode === 'debt') return null;
  if (!v.payment_type || !EXCEPTIONAL_PAYMENT_TYPES.includes(v.payment_type)) return REQUIRED;
  if (v.payment_type === 'mobile_money') {
    if (!v.operator_id || !v.phone.trim()) return REQUIRED;
    const phone = mobileMoneyPayerError({ operator_id: v.operator_id, phone: v.phone });
    if (phone) return phone;
  }
  if (v.payment_type === 'cash' && !opts.cashAccess && (!v.caisse || v.caisse === CASH_OPTION)) return OPERATION_MESSAGES.caisse;
  return null;
}

/** POST /transaction/exceptional-payment (modes 'exceptional' and 'unscheduled'). */
export function exceptionalBody(v: ExceptionalValues): TExceptionalPaymentInput {
  const type = v.payment_type ?? 'cash';
  return {
    amount: v.amount ?? 0,
    driver_id: v.driver_id ?? '',
    vehicle_id: v.vehicle_id ?? undefined,
    payment_type: type,
    date: v.date ?? undefined,
    description: v.description.trim() || undefined,
    comment: v.description.trim() || undefined,
    caisse_id: type === 'cash' && v.caisse && v.caisse !== CASH_OPTION ? v.caisse : undefined,
    operator_id: type === 'mobile_money' ? (v.operator_id ?? undefined) : undefined,
    phone: type === 'mobile_money' ? v.phone.trim() || undefined : undefined,
  };
}

/** POST /park/create-driver-account-history (mode 'debt'). */
export function debtBody(v: ExceptionalValues): TDebtInput {
  return {
    driver_id: v.driver_id ?? '',
    vehicle_id: v.vehicle_id ?? '',
    date: v.date ?? undefined,
    objective: v.amount ?? 0,
    salary_amount: v.salary_amount ?? undefined,
    comment: v.description.trim() || undefined,
  };
}
