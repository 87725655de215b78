import {
  DEFAULT_COMPONENT_AMOUNT,
  fundMovementError,
  isMaintenanceCode,
  subAccountIdOf,
  type FundMovementField,
  type TFundMovementInput,
  type TPnlType,
} from '@flotte/contract';
import { wallClockInZone } from '@flotte/contract/wire-date';

/**
 * The fund movement dialog's state and the pure rules around it (spec 001 sections 2.1, 4, 5):
 * what a reset gives, the 8 checks (the contract's, shared with the server) and the body sent.
 * No React here, so the unit tests read like the spec.
 */

/** 'expense': 'Enregistrer une dépense'; 'operation': 'Enregistrer une opération'; otherwise the generic title. */
export type FundMovementMode = 'expense' | 'operation' | undefined;

export const FUND_MOVEMENT_TITLES = {
  expense: 'Enregistrer une dépense',
  operation: 'Enregistrer une opération',
  default: 'Enregistrez un mouvement de fonds',
} as const;

export function fundMovementTitle(mode: FundMovementMode): string {
  return mode === 'expense' ? FUND_MOVEMENT_TITLES.expense : mode === 'operation' ? FUND_MOVEMENT_TITLES.operation : FUND_MOVEMENT_TITLES.default;
}

/** The caisse select's value for the default cash account (the server picks it when none is sent). */
export const CASH_OPTION = '__cash__';

export interface ComponentLine {
  id: number;
  amount: number | null;
}

export interface FundMovementValues {
  type: TPnlType;
  /** 'code/id' as the selector encodes it. */
  sub_account: string | null;
  /** The sub-account's code, kept beside the value (the rules act on it). */
  sub_account_code: string | null;
  /** yyyy-MM-dd; the time of day is added when sending. */
  day: string | null;
  caisse: string | null;
  amount: number | null;
  type_carburant_id: string | null;
  litre_carburant: number | null;
  vehicle_id: string | null;
  driver_id: string | null;
  components: ComponentLine[];
  comment: string;
  /** The stored proof's path, once uploaded ('/api/file/<id>'). */
  file_link: string | null;
}

/**
 * A fresh form (spec 001 section 4, 'Closing resets it'): PERTE when a transaction or the expense
 * mode is set, otherwise PROFIT; the date is today; every other field is empty.
 */
export function fundMovementDefaults(opts: { mode?: FundMovementMode; transactionId?: string | null; today: string }): FundMovementValues {
  return {
    type: opts.transactionId || opts.mode === 'expense' ? 'perte' : 'profit',
    sub_account: null,
    sub_account_code: null,
    day: opts.today,
    caisse: null,
    amount: null,
    type_carburant_id: null,
    litre_carburant: null,
    vehicle_id: null,
    driver_id: null,
    components: [],
    comment: '',
    file_link: null,
  };
}

/** Changing the type clears the sub-account (spec 001 section 4). */
export function withType(values: FundMovementValues, type: TPnlType): FundMovementValues {
  return type === values.type ? values : { ...values, type, sub_account: null, sub_account_code: null };
}

/** Ticks or unticks a component; a ticked one starts at 2000 (spec 001 section 9). */
export function toggleComponent(lines: readonly ComponentLine[], id: number): ComponentLine[] {
  return lines.some((l) => l.id === id) ? lines.filter((l) => l.id !== id) : [...lines, { id, amount: DEFAULT_COMPONENT_AMOUNT }];
}

/** The caisse the body names: none for the default cash account (the server takes it). */
function caisseId(values: FundMovementValues): string | undefined {
  return values.caisse && values.caisse !== CASH_OPTION ? values.caisse : undefined;
}

/**
 * The first of the 8 checks that fails, as the error toast shows it, or null. `cashAccess`: the
 * person holds ACCESS_CAISSE_CASH (then no caisse means the default cash account).
 */
export function firstFundMovementError(values: FundMovementValues, opts: { cashAccess: boolean; transactionId?: string | null }): { field: FundMovementField; message: string } | null {
  const cashChosen = values.caisse === CASH_OPTION;
  return fundMovementError(
    {
      caisse_id: caisseId(values) ?? (cashChosen ? CASH_OPTION : null),
      date: values.day,
      amount: values.amount,
      sub_account: values.sub_account ? { code: values.sub_account_code } : null,
      transaction_id: opts.transactionId,
      driver_id: values.driver_id,
      vehicle_id: values.vehicle_id,
      type_carburant_id: values.type_carburant_id,
      litre_carburant: values.litre_carburant,
      car_component: values.components,
    },
    // Choosing the cash option is only offered with ACCESS_CAISSE_CASH.
    { cashAccess: opts.cashAccess },
  );
}

/** The operation date: the chosen day at the current time of day in the park's zone (spec 001 section 5). */
export function operationDate(day: string, timeZone: string, now: Date = new Date()): string {
  return `${day}${wallClockInZone(now, timeZone).slice(10)}`;
}

/**
 * The body of POST /pnl-account/fund-movement. Fuel fields go only with the carburant code and
 * components only with maintenance codes (where the amount is their sum); account_id stays
 * empty, as the spec says.
 */
export function fundMovementBody(values: FundMovementValues, opts: { timeZone: string; transactionId?: string | null; now?: Date }): TFundMovementInput {
  const code = values.sub_account_code;
  const maintenance = isMaintenanceCode(code);
  const fuel = code === 'carburant';
  const components = maintenance ? values.components.map((c) => ({ id: c.id, amount: c.amount ?? 0 })) : undefined;
  return {
    sub_account_id: subAccountIdOf(values.sub_account),
    caisse_id: caisseId(values),
    amount: maintenance ? components!.reduce((s, c) => s + Number(c.amount), 0) : (values.amount ?? undefined),
    date: values.day ? operationDate(values.day, opts.timeZone, opts.now) : undefined,
    comment: values.comment.trim() || undefined,
    file_link: values.file_link ?? undefined,
    transaction_id: opts.transactionId ?? undefined,
    collect: opts.transactionId ? 'mobile_money' : undefined,
    vehicle_id: values.vehicle_id ?? undefined,
    driver_id: values.driver_id ?? undefined,
    type_carburant_id: fuel ? (values.type_carburant_id ?? undefined) : undefined,
    litre_carburant: fuel ? (values.litre_carburant ?? undefined) : undefined,
    car_component: components,
  };
}
