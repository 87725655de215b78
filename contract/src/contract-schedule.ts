import type { TInstalmentState, TInstalmentStatus, TPaymentFrequency } from './contracts.ts';
import { isCalendarDay, MAX_YEAR } from './wire-date.ts';

/**
 * A contract's schedule (issue 19): from the terms, the dated instalments with exact integer amounts.
 * Pure string and UTC arithmetic (never the machine's zone): a due day is a day of the park's zone
 * and an hourly due time its wall clock (Douala and Abidjan keep no summer time). Zod-free, like
 * wire-date.ts, because the web's creation form previews the schedule with it: contracts.ts imports
 * zod, so only its types come from there and the few constants the checks need are copied below (a
 * test holds the copies equal to contracts.ts).
 */

const FREQUENCIES: readonly TPaymentFrequency[] = ['hourly', 'daily', 'weekly', 'monthly', 'quarterly', 'half_yearly', 'annual'];
/** Same value as CONTRACT_MAX_INSTALMENTS. */
export const SCHEDULE_MAX_INSTALMENTS = 10_000;
/** The texts of CONTRACT_MESSAGES the checks answer with, plus totalBelowFrozen (rescheduling only). */
export const SCHEDULE_MESSAGES = {
  frequency: 'Veuillez choisir la fréquence de paiement',
  frequencyAmount: 'Entrez un montant par échéance valide',
  totalAmount: 'Entrez un montant total valide',
  startDate: 'Veuillez renseigner la date de début',
  startTime: "Veuillez renseigner l'heure de la première échéance (HH:mm)",
  endDate: 'Veuillez renseigner la date de fin',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début',
  totalNotReached: "Le montant total n'est pas atteint à la date de fin : allongez la durée ou augmentez le montant par échéance",
  tooManyInstalments: `L'échéancier dépasse ${SCHEDULE_MAX_INSTALMENTS.toLocaleString('fr-FR')} échéances : choisissez une fréquence plus longue ou une durée plus courte`,
  noInstalment: "L'échéancier ne contient aucune échéance : vérifiez les dates",
  totalBelowFrozen: 'Le montant total ne peut pas être inférieur aux échéances déjà payées, même en partie',
} as const;

export interface ScheduleTerms {
  frequency: TPaymentFrequency;
  /** Minor units, a safe integer > 0. */
  frequencyAmount: number;
  /** yyyy-MM-dd, a day in the park's time zone: the first instalment's due day. */
  startDate: string;
  /** HH:mm, hourly only (required then). */
  startTime?: string | null;
  /** Minor units. */
  totalAmount?: number | null;
  /** yyyy-MM-dd. */
  endDate?: string | null;
  /**
   * DRIVER 'until_total': totalAmount required; instalments of frequencyAmount until the total is
   * reached, the last takes the remainder; an endDate, when given, must not be passed.
   * PARTNER 'until_end': endDate required; one instalment per period date <= endDate, each
   * frequencyAmount; totalAmount, when given, is a cap: stop once reached, the last takes the remainder.
   */
  mode: 'until_total' | 'until_end';
}
export interface ScheduledInstalment {
  seq: number;
  dueDate: string;
  dueTime: string | null;
  amount: number;
}
export type ScheduleField = 'payment_frequency' | 'frequency_amount' | 'total_amount' | 'start_date' | 'start_time' | 'end_date';
export type ScheduleResult =
  | { ok: true; instalments: ScheduledInstalment[]; totalAmount: number; endDate: string /* last due day */ }
  | { ok: false; field: ScheduleField; message: string };
export interface FrozenInstalment {
  seq: number;
  dueDate: string;
  dueTime: string | null;
  amount: number;
}

// ---------------------------------------------------------------- calendar arithmetic

const HOUR_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MONTHS_PER_PERIOD: Partial<Record<TPaymentFrequency, number>> = { monthly: 1, quarterly: 3, half_yearly: 6, annual: 12 };
const DAYS_PER_PERIOD: Partial<Record<TPaymentFrequency, number>> = { daily: 1, weekly: 7 };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const isPositiveAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function parts(day: string): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

/** Date.UTC rolls out-of-range months and days over, which is the arithmetic we want (years are >= 1900 here). */
function utcDay(y: number, monthIndex: number, d: number): string {
  const t = new Date(Date.UTC(y, monthIndex, d));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

function addMonthsClamped(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12;
  const lastDay = Number(utcDay(ty, tm + 1, 0).slice(8, 10));
  return `${pad(ty, 4)}-${pad(tm + 1)}-${pad(Math.min(d, lastDay))}`;
}

function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return utcDay(y, m - 1, d + days);
}

function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/**
 * The k-th period date from the start (k = 0 is the start). Months count from the START each time
 * and clamp at the month's end (31 Jan -> 28/29 Feb -> 31 Mar, never 28 Mar); quarterly 3,
 * half-yearly 6, annual 12 months (29 Feb -> 28 Feb in common years, 29 Feb again in leap years);
 * weekly 7 days, daily 1 day; hourly k hours of wall-clock time after startTime, rolling over days.
 */
export function nthDue(terms: Pick<ScheduleTerms, 'frequency' | 'startDate' | 'startTime'>, k: number): { dueDate: string; dueTime: string | null } {
  const months = MONTHS_PER_PERIOD[terms.frequency];
  if (months) return { dueDate: addMonthsClamped(terms.startDate, k * months), dueTime: null };
  const days = DAYS_PER_PERIOD[terms.frequency];
  if (days) return { dueDate: addDays(terms.startDate, k * days), dueTime: null };
  const [h, min] = (terms.startTime ?? '00:00').split(':').map(Number);
  const minutes = h * 60 + min + k * 60;
  const dayShift = Math.floor(minutes / 1440);
  const inDay = minutes - dayShift * 1440;
  return { dueDate: addDays(terms.startDate, dayShift), dueTime: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}` };
}

/**
 * A period index at or just before the first grid date after `day`, so rescheduling far from the
 * start does not walk millions of hours. An underestimate is fine: the caller steps forward.
 */
function indexNear(terms: Pick<ScheduleTerms, 'frequency' | 'startDate' | 'startTime'>, day: string): number {
  const months = MONTHS_PER_PERIOD[terms.frequency];
  if (months) {
    const [sy, sm] = parts(terms.startDate);
    const [y, m] = parts(day);
    return Math.max(0, Math.floor(((y - sy) * 12 + (m - sm)) / months) - 1);
  }
  const days = daysBetween(terms.startDate, day);
  const perDay = terms.frequency === 'hourly' ? 24 : 1 / (DAYS_PER_PERIOD[terms.frequency] ?? 1);
  return Math.max(0, Math.floor(days * perDay) - 25);
}

// ---------------------------------------------------------------- checks and generation

type Failure = Extract<ScheduleResult, { ok: false }>;
const fail = (field: ScheduleField, message: string): Failure => ({ ok: false, field, message });

/** The checks that need no instalment, in the form's order. */
function termsError(terms: ScheduleTerms): Failure | null {
  if (!FREQUENCIES.includes(terms.frequency)) return fail('payment_frequency', SCHEDULE_MESSAGES.frequency);
  if (!isPositiveAmount(terms.frequencyAmount)) return fail('frequency_amount', SCHEDULE_MESSAGES.frequencyAmount);
  // until_end: a total is optional (a cap) but, when given, must be an amount too.
  if ((terms.mode === 'until_total' || !isBlank(terms.totalAmount)) && !isPositiveAmount(terms.totalAmount)) {
    return fail('total_amount', SCHEDULE_MESSAGES.totalAmount);
  }
  if (typeof terms.startDate !== 'string' || !isCalendarDay(terms.startDate)) return fail('start_date', SCHEDULE_MESSAGES.startDate);
  if (terms.frequency === 'hourly' && !(typeof terms.startTime === 'string' && HOUR_PATTERN.test(terms.startTime))) {
    return fail('start_time', SCHEDULE_MESSAGES.startTime);
  }
  if (terms.mode === 'until_end' || !isBlank(terms.endDate)) {
    if (typeof terms.endDate !== 'string' || !isCalendarDay(terms.endDate)) return fail('end_date', SCHEDULE_MESSAGES.endDate);
    if (terms.endDate < terms.startDate) return fail('end_date', SCHEDULE_MESSAGES.endBeforeStart);
  }
  return null;
}

const timeKey = (dueDate: string, dueTime: string | null, untimed: '00:00' | '24:00') => `${dueDate}T${dueTime ?? untimed}`;

/**
 * The instalments after `afterKey` (none: from the start) for `budget` minor units (until_total) or
 * up to endDate capped by `budget` (until_end, null = no cap), numbered from `firstSeq`. `room` is
 * how many instalments may still be added under the limit.
 */
function generate(terms: ScheduleTerms, budget: number | null, afterKey: string | null, firstSeq: number, room: number): ScheduledInstalment[] | Failure {
  const tooMany = fail(terms.mode === 'until_total' ? 'frequency_amount' : 'end_date', SCHEDULE_MESSAGES.tooManyInstalments);
  const endDate = isBlank(terms.endDate) ? null : (terms.endDate as string);
  if (terms.mode === 'until_total' && budget !== null && Math.ceil(budget / terms.frequencyAmount) > room) return tooMany;
  const out: ScheduledInstalment[] = [];
  let left = budget;
  let k = afterKey ? indexNear(terms, afterKey.slice(0, 10)) : 0;
  for (; left === null || left > 0; k++) {
    const due = nthDue(terms, k);
    // An untimed instalment on either side falls on a later day than the last frozen one.
    if (afterKey && timeKey(due.dueDate, due.dueTime, '00:00') <= afterKey) continue;
    if (terms.mode === 'until_end' && due.dueDate > (endDate as string)) break;
    if (Number(due.dueDate.slice(0, 4)) > MAX_YEAR) {
      // Only until_total without an end gets here (days past the end stop above or below).
      return endDate ? fail('end_date', SCHEDULE_MESSAGES.totalNotReached) : tooMany;
    }
    if (out.length === room) return tooMany;
    const amount = left === null ? terms.frequencyAmount : Math.min(terms.frequencyAmount, left);
    out.push({ seq: firstSeq + out.length, dueDate: due.dueDate, dueTime: due.dueTime, amount });
    if (left !== null) left -= amount;
  }
  return out;
}

function finish(
  terms: ScheduleTerms,
  made: ScheduledInstalment[] | Failure,
  frozen: readonly FrozenInstalment[],
  frozenSum: number,
): ScheduleResult {
  if (!Array.isArray(made)) return made;
  const last = made.at(-1) ?? lastFrozen(frozen);
  if (!last) return fail(terms.mode === 'until_end' ? 'end_date' : 'start_date', SCHEDULE_MESSAGES.noInstalment);
  const newSum = made.reduce((s, i) => s + i.amount, 0);
  const totalAmount = frozenSum + newSum;
  // An uncapped partner schedule of huge amounts could leave exact integers; refuse it on the amount.
  if (!Number.isSafeInteger(totalAmount)) return fail('frequency_amount', SCHEDULE_MESSAGES.frequencyAmount);
  if (terms.mode === 'until_total' && !isBlank(terms.endDate) && made.length && made[made.length - 1].dueDate > (terms.endDate as string)) {
    return fail('end_date', SCHEDULE_MESSAGES.totalNotReached);
  }
  return { ok: true, instalments: made, totalAmount, endDate: last.dueDate };
}

function lastFrozen(frozen: readonly FrozenInstalment[]): FrozenInstalment | null {
  let last: FrozenInstalment | null = null;
  for (const f of frozen) if (!last || timeKey(f.dueDate, f.dueTime, '24:00') > timeKey(last.dueDate, last.dueTime, '24:00')) last = f;
  return last;
}

/** The whole schedule of new terms; see ScheduleTerms.mode. */
export function buildSchedule(terms: ScheduleTerms): ScheduleResult {
  const error = termsError(terms);
  if (error) return error;
  const budget = isBlank(terms.totalAmount) ? null : (terms.totalAmount as number);
  return finish(terms, generate(terms, budget, null, 1, SCHEDULE_MAX_INSTALMENTS), [], 0);
}

/**
 * Paid (or partly paid) instalments are frozen, as an accounting loan schedule does: the new ones
 * follow the new terms' grid from terms.startDate, strictly after the last frozen due date/time
 * (when either side has no time, on a later day), seq continuing after the highest frozen seq. They
 * cover totalAmount minus the frozen amounts (until_total) or the periods up to endDate (until_end,
 * capped at totalAmount minus the frozen amounts). Returns only the NEW instalments (possibly none
 * when the frozen ones already cover the total); totalAmount = frozen + new, endDate the last due
 * day of the whole schedule. The limit counts frozen and new instalments together.
 */
export function rescheduleUnpaid(frozen: readonly FrozenInstalment[], terms: ScheduleTerms): ScheduleResult {
  if (frozen.length === 0) return buildSchedule(terms);
  const error = termsError(terms);
  if (error) return error;
  const frozenSum = frozen.reduce((s, f) => s + f.amount, 0);
  let budget: number | null = null;
  if (!isBlank(terms.totalAmount)) {
    budget = (terms.totalAmount as number) - frozenSum;
    if (budget < 0) return fail('total_amount', SCHEDULE_MESSAGES.totalBelowFrozen);
  }
  const last = lastFrozen(frozen) as FrozenInstalment;
  const firstSeq = Math.max(...frozen.map((f) => f.seq)) + 1;
  const made = generate(terms, budget, timeKey(last.dueDate, last.dueTime, '24:00'), firstSeq, SCHEDULE_MAX_INSTALMENTS - frozen.length);
  return finish(terms, made, frozen, frozenSum);
}

/**
 * What a person sees of an instalment: cancelled and written_off as stored; paid when paid; partially
 * when 0 < paidAmount < amount; else overdue when due before today, due_today today, upcoming after.
 * `today` is yyyy-MM-dd in the park's zone. A contract not yet signed owes nothing: its unpaid
 * instalments all read upcoming, whatever their date (they fall due when it is signed).
 */
export function instalmentState(
  i: { status: TInstalmentStatus; amount: number; paidAmount: number; dueDate: string },
  today: string,
  contract: { signed: boolean } = { signed: true },
): TInstalmentState {
  if (i.status === 'cancelled' || i.status === 'written_off') return i.status;
  if (i.status === 'paid' || i.paidAmount >= i.amount) return 'paid';
  if (i.paidAmount > 0) return 'partially';
  if (!contract.signed) return 'upcoming';
  if (i.dueDate < today) return 'overdue';
  return i.dueDate === today ? 'due_today' : 'upcoming';
}
