import type { TContract, TContractStatus, TContractType, TPaymentFrequency } from '@flotte/contract/contracts';
import { formatMoney } from '../../ui/format.ts';

/**
 * How a contract reads in the list, its cards, the detail screen and the exported file. Pure:
 * the export and the unit tests use the same words as the screen (shared with the detail screen).
 * Zod-free: contracts.ts builds every schema when imported, which the list screen's weight can't
 * afford, so its labels are copied here and contract-display.test.ts holds the copies equal.
 */

/** CONTRACT_STATUS_LABELS. */
export const STATUS_LABELS: Record<TContractStatus, string> = {
  PENDING: 'En attente de signature',
  ACTIVE: 'Actif',
  EXPIRED: 'Terminé',
  CANCELLED: 'Annulé',
};
/** CONTRACT_TYPE_LABELS. */
export const TYPE_LABELS: Record<TContractType, string> = { PARTNER: 'Contrat partenaire', DRIVER: 'Contrat chauffeur (location-vente)' };
/** CONTRACT_FREQUENCY_LABELS. */
export const FREQUENCY_LABELS: Record<TPaymentFrequency, string> = {
  hourly: 'Par heure',
  daily: 'Par jour',
  weekly: 'Par semaine',
  monthly: 'Par mois',
  quarterly: 'Par trimestre',
  half_yearly: 'Par semestre',
  annual: 'Par an',
};

export const CONTRACT_STATUS_COLORS: Record<TContractStatus, string> = {
  PENDING: 'orange',
  ACTIVE: 'teal',
  EXPIRED: 'gray',
  CANCELLED: 'red',
};

/** The list's short type: the long labels (CONTRACT_TYPE_LABELS) are for titles and filters. */
export const CONTRACT_TYPE_SHORT_LABELS: Record<TContractType, string> = { PARTNER: 'Partenaire', DRIVER: 'Location-vente' };

export const CONTRACT_TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as TContractType[]).map((t) => ({ value: t, label: TYPE_LABELS[t] }));
export const CONTRACT_STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as TContractStatus[]).map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** 'LT-123-AB · Corolla blanche', or the plate alone. */
export function contractVehicle(v: TContract['vehicle']): string {
  return [v.registration_number, v.label].filter(Boolean).join(' · ');
}

/** Who the contract is with: the driver buying the car, or the owner the park pays. */
export function contractParty(c: Pick<TContract, 'contract_type' | 'driver' | 'vehicle_owner'>): string {
  return (c.contract_type === 'DRIVER' ? c.driver?.name : c.vehicle_owner?.name) ?? '';
}

/** The party with its role, for a card line or a title: 'Chauffeur : Awa Ndiaye'. */
export function contractPartyLine(c: Pick<TContract, 'contract_type' | 'driver' | 'vehicle_owner'>): string {
  const name = contractParty(c);
  if (!name) return '';
  return `${c.contract_type === 'DRIVER' ? 'Chauffeur' : 'Propriétaire'}\u00a0: ${name}`;
}

/** 'par mois' from 'Par mois', to follow an amount. */
export function frequencyWords(f: TPaymentFrequency): string {
  const label = FREQUENCY_LABELS[f];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** '150,000 XAF par mois'. */
export function amountPerPeriod(amount: number, frequency: TPaymentFrequency, currency: string | null | undefined): string {
  return `${formatMoney(amount, currency)} ${frequencyWords(frequency)}`;
}

/** How much of the total is paid, 0 to 100 (whole percent, rounded down so 99.6 % is not 'done'). */
export function paidPercent(c: Pick<TContract, 'total_paid' | 'total_amount'>): number {
  if (!(c.total_amount > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((c.total_paid * 100) / c.total_amount)));
}

/** '300,000 / 1,200,000 XAF': paid out of the total. */
export function paidOfTotal(c: Pick<TContract, 'total_paid' | 'total_amount'>, currency: string | null | undefined): string {
  return `${formatMoney(c.total_paid, null)} / ${formatMoney(c.total_amount, currency)}`;
}

/** 'yyyy-MM-dd' (or a wire date) -> 'dd/MM/yyyy'; '' for anything else. */
export function formatDay(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** A due date as people read it: '05/01/2026', or '05/01/2026 08:00' for an hourly contract. */
export function formatDue(day: string | null | undefined, time?: string | null): string {
  const d = formatDay(day);
  if (!d) return '';
  return time ? `${d} ${time.slice(0, 5)}` : d;
}

/** 'Du 01/01/2026 au 31/12/2026'. */
export function contractPeriod(c: Pick<TContract, 'start_date' | 'end_date'>): string {
  const start = formatDay(c.start_date);
  const end = formatDay(c.end_date);
  if (start && end) return `Du ${start} au ${end}`;
  return start ? `À partir du ${start}` : '';
}

/** The next due date for the list; an ended or cancelled contract has none. */
export function nextDueText(c: Pick<TContract, 'next_due_date' | 'contract_status'>): string {
  if (c.contract_status === 'CANCELLED' || c.contract_status === 'EXPIRED') return '';
  return formatDay(c.next_due_date);
}
