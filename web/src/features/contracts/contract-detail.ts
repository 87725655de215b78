import {
  CONTRACT_FREQUENCY_LABELS,
  CONTRACT_MESSAGES,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TYPE_LABELS,
  CANCEL_DEBT_MODE_LABELS,
  type TCancelDebtMode,
  type TContractCancel,
  type TContractDetail,
  type TContractInstalment,
} from '@flotte/contract/contracts';
import { RECIPE_PAYMENT_TYPE_LABELS } from '@flotte/contract/recipes';
import { formatDay } from './contract-display.ts';

/**
 * The contract detail's figures and words (issue 19 section 3): how far it is paid, which
 * instalment comes next, where the schedule opens, how a payment and a history entry read.
 */

/** The first instalment still owed (due or partly paid), in schedule order. */
export function nextInstalment(instalments: readonly TContractInstalment[]): TContractInstalment | null {
  return instalments.find((i) => i.status === 'due' && i.remaining > 0) ?? null;
}

/**
 * What 'Encaisser' proposes: what is overdue when something is, else the next instalment's
 * remainder, never more than the contract still owes.
 */
export function collectDefaultAmount(c: Pick<TContractDetail, 'overdue_amount' | 'remaining_amount' | 'instalments'>): number {
  const proposed = c.overdue_amount > 0 ? c.overdue_amount : (nextInstalment(c.instalments)?.remaining ?? c.remaining_amount);
  return Math.min(proposed, c.remaining_amount);
}

/** The schedule page that holds the first instalment still owed (the one a person looks for), 0-based. */
export function firstOpenPage(instalments: readonly TContractInstalment[], pageSize: number): number {
  const index = instalments.findIndex((i) => i.status === 'due' && i.remaining > 0);
  return index < 0 ? 0 : Math.floor(index / pageSize);
}

/** Instalments pageSize at a time (a daily contract holds more than a thousand). */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice(page * pageSize, (page + 1) * pageSize);
}

export const pageCount = (rows: number, pageSize: number) => Math.max(1, Math.ceil(rows / pageSize));

/** A payment's mode: the recipes' words for a driver's, 'Caisse' for what the park paid an owner. */
export function paymentMethodLabel(method: string): string {
  if (method in RECIPE_PAYMENT_TYPE_LABELS) return RECIPE_PAYMENT_TYPE_LABELS[method as keyof typeof RECIPE_PAYMENT_TYPE_LABELS];
  return method === 'caisse' ? 'Caisse' : method;
}

/** The PDF's file name: the reference and the version ('C-2026-0007-v2.pdf'). */
export const contractFileName = (reference: string, version: number) => `${reference.replace(/[^\w.-]+/g, '_')}-v${version}.pdf`;

// ---------------------------------------------------------------- history

/** The contract's fields as a person reads them, for the history's changes. */
export const CONTRACT_FIELD_LABELS: Record<string, string> = {
  vehicle_id: 'Véhicule',
  vehicle: 'Véhicule',
  driver_id: 'Chauffeur',
  driver: 'Chauffeur',
  vehicle_owner_id: 'Propriétaire',
  vehicle_owner: 'Propriétaire',
  total_amount: 'Montant total',
  frequency_amount: 'Montant par échéance',
  payment_frequency: 'Fréquence de paiement',
  start_date: 'Date de début',
  start_time: 'Heure de la première échéance',
  end_date: 'Date de fin',
  contract_type_id: 'Type de contrat',
  contract_type: 'Type de contrat',
  contract_status: 'Statut',
  clauses: 'Clauses',
  description: 'Description',
  reason: 'Motif',
  cancel_reason: 'Motif',
  debt_mode: 'Reste dû',
  cancel_debt_mode: 'Reste dû',
  document_version: 'Version du document',
  version: 'Version du document',
  amount: 'Montant',
  total_paid: 'Total payé',
  payment_type: 'Mode de paiement',
  method: 'Mode de paiement',
  instalments: 'Échéances',
  instalments_count: "Nombre d'échéances",
  seq: 'Échéance n°',
  caisse: 'Caisse',
  caisse_id: 'Caisse',
  schedule_changed: 'Échéancier recalculé',
  instalments_cancelled: 'Échéances annulées',
  written_off: 'Montant abandonné',
  kept_as_debt: 'Gardé comme dette du chauffeur',
  end_date_reached: 'Date de fin atteinte',
};

/** Fields whose value is an amount (shown with the park's money format by the caller). */
export const MONEY_FIELDS = new Set(['total_amount', 'frequency_amount', 'amount', 'total_paid', 'written_off', 'kept_as_debt']);

/** A stored value in French: frequencies, statuses, debt modes and types by their labels. */
export function fieldValue(field: string, value: unknown, money: (n: number) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return money(value);
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'object') {
    const named = value as { name?: unknown; registration_number?: unknown; label?: unknown };
    const name = named.name ?? named.label ?? named.registration_number;
    return typeof name === 'string' ? name : JSON.stringify(value);
  }
  const text = String(value);
  if (field === 'method' || field === 'payment_type') return paymentMethodLabel(text);
  const labels: Record<string, string> = {
    ...CONTRACT_FREQUENCY_LABELS,
    ...CONTRACT_STATUS_LABELS,
    ...CONTRACT_TYPE_LABELS,
    ...CANCEL_DEBT_MODE_LABELS,
    ...RECIPE_PAYMENT_TYPE_LABELS,
  };
  if (['payment_frequency', 'contract_status', 'contract_type', 'debt_mode', 'cancel_debt_mode', 'payment_type', 'method'].includes(field)) return labels[text] ?? text;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDay(text);
  return text;
}

export interface ChangeLine {
  field: string;
  label: string;
  from: string | null;
  to: string;
}

const isPair = (v: unknown): v is { from?: unknown; to?: unknown; before?: unknown; after?: unknown; old?: unknown; new?: unknown } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && ['from', 'to', 'before', 'after', 'old', 'new'].some((k) => k in (v as object));

/**
 * An event's details as lines: a change reads 'Montant total : 500,000 XAF → 600,000 XAF', any
 * other detail 'Motif : …'. The details come as `{ changes: { field: { from, to } } }` or as the
 * fields themselves (a pair `[from, to]` also reads as a change); unknown fields keep their key.
 */
export function eventChanges(detail: Record<string, unknown>, money: (n: number) => string): ChangeLine[] {
  const source = detail.changes && typeof detail.changes === 'object' && !Array.isArray(detail.changes) ? (detail.changes as Record<string, unknown>) : detail;
  const lines: ChangeLine[] = [];
  for (const [field, raw] of Object.entries(source)) {
    if (field.endsWith('_id') && !CONTRACT_FIELD_LABELS[field]) continue; // internal links a person can't read
    const label = CONTRACT_FIELD_LABELS[field] ?? field;
    if (field.endsWith('_id') && (typeof raw === 'string' || isPair(raw) || Array.isArray(raw))) {
      // A party or a vehicle replaced: its id says nothing to a person, the fact does.
      lines.push({ field, label, from: null, to: 'modifié' });
    } else if (Array.isArray(raw) && raw.every((x) => !!x && typeof x === 'object' && 'seq' in x)) {
      const parts = (raw as { seq: unknown; amount?: unknown }[]).map((x) => `n° ${String(x.seq)}${typeof x.amount === 'number' ? ` (${money(x.amount)})` : ''}`);
      lines.push({ field, label, from: null, to: parts.join(', ') });
    } else if (Array.isArray(raw) && raw.length === 2 && (typeof raw[0] !== 'object' || raw[0] === null)) {
      lines.push({ field, label, from: fieldValue(field, raw[0], money), to: fieldValue(field, raw[1], money) });
    } else if (isPair(raw)) {
      const from = raw.from ?? raw.before ?? raw.old;
      const to = raw.to ?? raw.after ?? raw.new;
      lines.push({ field, label, from: fieldValue(field, from, money), to: fieldValue(field, to, money) });
    } else if (Array.isArray(raw)) {
      lines.push({ field, label, from: null, to: String(raw.length) });
    } else {
      lines.push({ field, label, from: null, to: fieldValue(field, raw, money) });
    }
  }
  return lines;
}

// ---------------------------------------------------------------- cancel

export interface CancelValues {
  reason: string;
  debt_mode: TCancelDebtMode;
}

export const cancelDefaults = (): CancelValues => ({ reason: '', debt_mode: 'keep_debt' });

/** The reason must say something (the contract's rule, 'plus de 1 caractère'). */
export function cancelError(values: CancelValues): string | null {
  return values.reason.trim().length < 2 ? CONTRACT_MESSAGES.cancelReason : null;
}

/** A partner contract has nothing a driver owes: its body carries no debt mode choice. */
export function cancelBody(values: CancelValues, type: TContractDetail['contract_type']): TContractCancel {
  return type === 'DRIVER' ? { reason: values.reason.trim(), debt_mode: values.debt_mode } : { reason: values.reason.trim() };
}

/** An instalment's badge colour by what a person sees of it (INSTALMENT_STATE_LABELS). */
export const INSTALMENT_STATE_COLORS: Record<TContractInstalment['state'], string> = {
  upcoming: 'gray',
  due_today: 'yellow',
  overdue: 'red',
  partially: 'orange',
  paid: 'teal',
  cancelled: 'gray',
  written_off: 'gray',
};

/** A partner instalment the park may pay now: due today or earlier, not fully paid. */
export const partnerPayable = (i: Pick<TContractInstalment, 'status' | 'state' | 'remaining'>) =>
  i.status === 'due' && i.remaining > 0 && (i.state === 'due_today' || i.state === 'overdue' || i.state === 'partially');


