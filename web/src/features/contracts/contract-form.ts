import type { Resolver } from 'react-hook-form';
import { buildSchedule, rescheduleUnpaid, type ScheduledInstalment, type ScheduleResult, type ScheduleTerms } from '@flotte/contract/contract-schedule';
import type { TContractDetail, TContractUpdate, TDriverContractCreate, TPartnerContractCreate, TPaymentFrequency } from '@flotte/contract/contracts';
import { currencyDecimalsOf } from '@flotte/contract/withdrawal-fees';

/**
 * The contract form's state and the pure rules around it (issue 19 section 3): what a fresh or
 * loaded form holds, what an ACTIVE contract still lets change, the checks in the form's order (the
 * parties, then the schedule's own, shared with the server), the schedule the preview shows and the
 * body sent. No React here. The texts are CONTRACT_MESSAGES', copied so the form stays zod-free.
 */

export type ContractKind = 'DRIVER' | 'PARTNER';

export interface ContractFormValues {
  vehicle_id: string | null;
  driver_id: string | null;
  vehicle_owner_id: string | null;
  /** The vehicle contract type's id as the select holds it. */
  contract_type_id: string | null;
  /** In the park's currency, as typed. */
  total_amount: number | null;
  frequency_amount: number | null;
  payment_frequency: TPaymentFrequency | null;
  /** yyyy-MM-dd, days of the park. */
  start_date: string | null;
  /** HH:mm, hourly only. */
  start_time: string;
  end_date: string | null;
  clauses: string;
  description: string;
}

export type ContractField = keyof ContractFormValues;
export const CONTRACT_FIELDS: readonly ContractField[] = [
  'vehicle_id',
  'driver_id',
  'vehicle_owner_id',
  'contract_type_id',
  'total_amount',
  'frequency_amount',
  'payment_frequency',
  'start_date',
  'start_time',
  'end_date',
  'clauses',
  'description',
];

/** CONTRACT_MESSAGES' texts for the parties (contracts.ts imports zod; the schedule's come from buildSchedule). */
export const PARTY_MESSAGES = {
  vehicle: 'Veuillez sélectionner le véhicule',
  driver: 'Veuillez sélectionner le chauffeur',
  owner: 'Veuillez sélectionner le propriétaire du véhicule',
} as const;

/** An ACTIVE contract lets its amounts, frequency (and hourly time), end, clauses and description change; the rest is signed. */
const ACTIVE_EDITABLE: ReadonlySet<ContractField> = new Set<ContractField>([
  'total_amount',
  'frequency_amount',
  'payment_frequency',
  'start_time',
  'end_date',
  'clauses',
  'description',
]);

/** Whether a field may change: all of a new or PENDING contract, a few of an ACTIVE one, none after. */
export function isEditable(field: ContractField, contract?: Pick<TContractDetail, 'contract_status'> | null): boolean {
  if (!contract || contract.contract_status === 'PENDING') return true;
  return contract.contract_status === 'ACTIVE' && ACTIVE_EDITABLE.has(field);
}

const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : null);

/**
 * A partner's cap as the server reads it back: its stored total is the schedule's sum, and was a cap
 * only if the periods up to the end would pay more (then it stays one); null otherwise.
 */
function partnerCap(c: TContractDetail, currency: string | null | undefined): number | null {
  const uncapped = buildSchedule({
    frequency: c.payment_frequency,
    frequencyAmount: toMinor(c.frequency_amount, currency) as number,
    startDate: day(c.start_date) ?? '',
    startTime: c.start_time ? c.start_time.slice(0, 5) : null,
    endDate: day(c.end_date),
    mode: 'until_end',
  });
  return uncapped.ok && uncapped.totalAmount > (toMinor(c.total_amount, currency) as number) ? c.total_amount : null;
}

/**
 * A fresh form (starting today, monthly), or the contract's terms to update. A driver's stored end is
 * the last due day the schedule came to, not a deadline he was given: the form leaves it empty, as
 * the server does not carry it over either; a partner's total shows only when it is a cap.
 */
export function contractDefaults(opts: { contract?: TContractDetail | null; today: string | null; vehicleId?: string | null; currency?: string | null }): ContractFormValues {
  const c = opts.contract;
  if (!c) {
    return {
      vehicle_id: opts.vehicleId ?? null,
      driver_id: null,
      vehicle_owner_id: null,
      contract_type_id: null,
      total_amount: null,
      frequency_amount: null,
      payment_frequency: 'monthly',
      start_date: opts.today,
      start_time: '08:00',
      end_date: null,
      clauses: '',
      description: '',
    };
  }
  return {
    vehicle_id: c.vehicle.id,
    driver_id: c.driver?.id ?? null,
    vehicle_owner_id: c.vehicle_owner?.id ?? null,
    contract_type_id: c.vehicle_contract_type ? String(c.vehicle_contract_type.id) : null,
    total_amount: c.contract_type === 'DRIVER' ? c.total_amount : partnerCap(c, opts.currency),
    frequency_amount: c.frequency_amount,
    payment_frequency: c.payment_frequency,
    start_date: day(c.start_date),
    start_time: c.start_time ? c.start_time.slice(0, 5) : '08:00',
    end_date: c.contract_type === 'PARTNER' ? day(c.end_date) : null,
    clauses: c.clauses ?? '',
    description: c.description ?? '',
  };
}

/** An amount typed in the currency's units as integer minor units (XAF has none: one franc is one unit). */
export function toMinor(amount: number | null, currency: string | null | undefined): number | null {
  if (amount === null || !Number.isFinite(amount)) return null;
  return Math.round(amount * 10 ** currencyDecimalsOf(currency));
}

export function fromMinor(minor: number, currency: string | null | undefined): number {
  return minor / 10 ** currencyDecimalsOf(currency);
}

/** The schedule's terms: a driver pays until the total, a partner is paid until the end (the total a cap). */
export function scheduleTerms(kind: ContractKind, v: ContractFormValues, currency: string | null | undefined): ScheduleTerms {
  return {
    frequency: v.payment_frequency as TPaymentFrequency,
    frequencyAmount: toMinor(v.frequency_amount, currency) as number,
    startDate: v.start_date ?? '',
    startTime: v.payment_frequency === 'hourly' ? v.start_time : null,
    totalAmount: toMinor(v.total_amount, currency),
    endDate: v.end_date,
    mode: kind === 'DRIVER' ? 'until_total' : 'until_end',
  };
}

/** What an ACTIVE contract keeps whatever the new terms: the instalments paid, even in part. */
function frozenOf(contract: TContractDetail | null | undefined, currency: string | null | undefined) {
  if (!contract || contract.contract_status !== 'ACTIVE') return [];
  return contract.instalments
    .filter((i) => i.status === 'paid' || i.paid_amount > 0)
    .map((i) => ({ seq: i.seq, dueDate: i.due_date.slice(0, 10), dueTime: i.due_time, amount: toMinor(i.amount, currency) as number }));
}

/** The schedule the terms give (for an ACTIVE contract, the instalments that replace the unpaid ones). */
export function contractSchedule(kind: ContractKind, v: ContractFormValues, currency: string | null | undefined, contract?: TContractDetail | null): ScheduleResult {
  const terms = scheduleTerms(kind, v, currency);
  const frozen = frozenOf(contract, currency);
  return frozen.length ? rescheduleUnpaid(frozen, terms) : buildSchedule(terms);
}

export interface FieldError {
  field: ContractField;
  message: string;
}

/** Every check that fails, in the form's order: vehicle, driver or owner, then the schedule's first. */
export function contractChecks(kind: ContractKind, v: ContractFormValues, currency: string | null | undefined, contract?: TContractDetail | null): FieldError[] {
  const errors: FieldError[] = [];
  if (!v.vehicle_id) errors.push({ field: 'vehicle_id', message: PARTY_MESSAGES.vehicle });
  if (kind === 'DRIVER' && !v.driver_id) errors.push({ field: 'driver_id', message: PARTY_MESSAGES.driver });
  if (kind === 'PARTNER' && !v.vehicle_owner_id) errors.push({ field: 'vehicle_owner_id', message: PARTY_MESSAGES.owner });
  const schedule = contractSchedule(kind, v, currency, contract);
  if (!schedule.ok) errors.push({ field: schedule.field, message: schedule.message });
  return errors;
}

/** react-hook-form's resolver over contractChecks (one message per field, the first). */
export function contractResolver(kind: ContractKind, currency: string | null | undefined, contract?: TContractDetail | null): Resolver<ContractFormValues> {
  return (values) => {
    const errors = contractChecks(kind, values, currency, contract);
    if (errors.length === 0) return { values, errors: {} };
    const byField: Record<string, { type: string; message: string }> = {};
    for (const e of errors) byField[e.field] ??= { type: 'validate', message: e.message };
    return { values: {}, errors: byField };
  };
}

const text = (v: string) => v.trim() || undefined;

/** POST /contract/driver or /contract/partner: the kind's fields, an empty optional one left out. */
export function contractCreateBody(kind: 'DRIVER', v: ContractFormValues): TDriverContractCreate;
export function contractCreateBody(kind: 'PARTNER', v: ContractFormValues): TPartnerContractCreate;
export function contractCreateBody(kind: ContractKind, v: ContractFormValues): TDriverContractCreate | TPartnerContractCreate;
export function contractCreateBody(kind: ContractKind, v: ContractFormValues): TDriverContractCreate | TPartnerContractCreate {
  const common = {
    vehicle_id: v.vehicle_id ?? '',
    frequency_amount: v.frequency_amount ?? 0,
    payment_frequency: v.payment_frequency ?? undefined,
    start_date: v.start_date ?? '',
    start_time: v.payment_frequency === 'hourly' ? v.start_time : undefined,
    contract_type_id: v.contract_type_id ? Number(v.contract_type_id) : undefined,
    clauses: text(v.clauses),
    description: text(v.description),
  };
  if (kind === 'DRIVER') {
    return { ...common, driver_id: v.driver_id ?? '', total_amount: v.total_amount ?? 0, end_date: v.end_date ?? undefined };
  }
  return { ...common, vehicle_owner_id: v.vehicle_owner_id ?? undefined, end_date: v.end_date ?? '', total_amount: v.total_amount ?? undefined };
}

/**
 * PUT /contract/{id}: what the contract's status lets change. Clauses and description are sent even
 * when emptied (an empty text clears them); a PENDING contract sends its whole form.
 */
export function contractUpdateBody(kind: ContractKind, v: ContractFormValues, contract: Pick<TContractDetail, 'contract_status'>): TContractUpdate {
  const all: TContractUpdate = { ...contractCreateBody(kind, v), clauses: v.clauses.trim(), description: v.description.trim() };
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) if (value !== undefined && isEditable(key as ContractField, contract)) body[key] = value;
  return body as TContractUpdate;
}

export interface SchedulePreviewData {
  count: number;
  first: ScheduledInstalment;
  last: ScheduledInstalment;
  /** The whole schedule's total, paid instalments included (currency units). */
  total: number;
  /** The last instalment's amount when it differs from the others (the remainder), else null. */
  remainder: number | null;
  /** The first instalments, for the table (amounts in currency units). */
  lines: (ScheduledInstalment & { amount: number })[];
}

/** What the preview shows of a schedule: its count, first and last due dates, total, remainder and first lines. */
export function schedulePreview(result: ScheduleResult, currency: string | null | undefined, lines = 5): SchedulePreviewData | null {
  if (!result.ok || result.instalments.length === 0) return null;
  const list = result.instalments;
  const first = list[0]!;
  const last = list[list.length - 1]!;
  const units = (i: ScheduledInstalment) => ({ ...i, amount: fromMinor(i.amount, currency) });
  return {
    count: list.length,
    first: units(first),
    last: units(last),
    total: fromMinor(result.totalAmount, currency),
    remainder: list.length > 1 && last.amount !== first.amount ? fromMinor(last.amount, currency) : null,
    lines: list.slice(0, lines).map(units),
  };
}

/** Whether a schedule check is worth showing before 'Enregistrer': its field is filled, so the person has a choice to revisit. */
export function scheduleProblemShown(result: ScheduleResult, v: ContractFormValues): string | null {
  if (result.ok) return null;
  const value = v[result.field as ContractField];
  return value === null || value === '' ? null : result.message;
}
