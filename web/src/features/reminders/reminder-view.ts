import { SERVICE_URGENCY_LABELS, type TReminder, type TServiceUrgency } from '@flotte/contract/reminders';
import { formatAmount } from '../../ui/format.ts';

/**
 * Badge colour of each urgency, from calm to alarming. The theme makes each colour's light variant
 * read at 4.5:1 (app/theme-contrast.ts), yellow included.
 */
export const URGENCY_COLORS: Record<TServiceUrgency, string> = {
  ok: 'green',
  soon: 'yellow',
  due: 'orange',
  overdue: 'red',
};

/** The vehicle list shows only what needs acting on: 'À jour' stays silent there. */
export function urgencyShownInList(urgency: TServiceUrgency | null | undefined): urgency is Exclude<TServiceUrgency, 'ok'> {
  return urgency === 'soon' || urgency === 'due' || urgency === 'overdue';
}

export const urgencyLabel = (u: TServiceUrgency) => SERVICE_URGENCY_LABELS[u];

const km = (n: number) => `${formatAmount(n)} km`;
const months = (n: number) => (n === 1 ? 'tous les mois' : `tous les ${n} mois`);
const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Interval = Pick<TReminder, 'every_km' | 'every_months' | 'recurring'>;

/** 'Tous les 10,000 km ou tous les 6 mois, au premier atteint'; a one-time reminder says so. */
export function intervalText(r: Interval): string {
  const parts = [r.every_km != null ? `tous les ${km(r.every_km)}` : null, r.every_months != null ? months(r.every_months) : null].filter(Boolean) as string[];
  if (parts.length === 0) return r.recurring ? '' : 'Une seule fois';
  const every = parts.length === 2 ? `${parts[0]} ou ${parts[1]}, au premier atteint` : parts[0]!;
  if (r.recurring) return capitalize(every);
  // Once: the delay counts from the last time it was done (or the reminder's creation).
  const after = [r.every_km != null ? km(r.every_km) : null, r.every_months != null ? `${r.every_months} mois` : null].filter(Boolean).join(' ou ');
  return `Une seule fois, après ${after}`;
}

type Due = Pick<TReminder, 'next_due_date' | 'next_due_km' | 'done_at'>;

/** 'Échéance : 15/03/2026 ou 60,000 km'; a one-time reminder already done says when. */
export function dueText(r: Due): string {
  if (r.done_at) return `Effectué le ${day(r.done_at)}`;
  const parts = [r.next_due_date ? day(r.next_due_date) : null, r.next_due_km != null ? km(r.next_due_km) : null].filter(Boolean);
  if (parts.length === 0) return 'Échéance inconnue : kilométrage du véhicule non renseigné';
  return `Échéance : ${parts.join(' ou ')}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n > 1 ? 's' : ''}`;

/** 'Dans 12 jours · dans 800 km', "Aujourd'hui", 'Dépassée de 3 jours · dans 200 km'; '' when nothing is known. */
export function leftText(r: Pick<TReminder, 'days_left' | 'km_left' | 'done_at'>): string {
  if (r.done_at) return '';
  const parts: string[] = [];
  if (r.days_left != null) {
    const d = r.days_left;
    parts.push(d === 0 ? "aujourd'hui" : d > 0 ? `dans ${plural(d, 'jour')}` : `dépassée de ${plural(-d, 'jour')}`);
  }
  if (r.km_left != null) {
    const k = r.km_left;
    parts.push(k === 0 ? 'kilométrage atteint' : k > 0 ? `dans ${km(k)}` : `dépassée de ${km(-k)}`);
  }
  return capitalize(parts.join(' · '));
}

/** Where the count starts: the last time it was done, else the reminder's creation. */
export function countedFromText(r: Pick<TReminder, 'last_done_at' | 'last_done_km' | 'counted_from'>): string {
  if (r.last_done_at) return `Dernière fois le ${day(r.last_done_at)}${r.last_done_km != null ? ` à ${km(r.last_done_km)}` : ''}`;
  const from = r.counted_from;
  return `Compté depuis le ${day(from.date)}${from.km != null ? ` à ${km(from.km)}` : ''} (création du rappel)`;
}

