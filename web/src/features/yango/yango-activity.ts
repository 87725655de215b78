import { YANGO_BALANCE_LABELS, YANGO_BALANCE_PARTS, type TYangoActivity, type TYangoBalancePart, type TYangoDebit } from '@flotte/contract/yango';
import { endOfDay, presetPeriod, type Period, type PeriodPreset } from '../../ui/dates/periods.ts';
import { wireEnd, wireStart } from '../accounting/reporting-period.ts';

/**
 * What the Yango screens compute (issue 21 sections 3 and 4): the period sent, the balance lines,
 * work time, the reconciliation's gap, 'Synchronisé il y a …', and the collect dialog's Yango
 * debit checks. Pure functions: no React, no Mantine.
 */

/** The query of GET /yango/yango-transaction and /yango/reconciliation: park days, whole days. */
export interface WirePeriod {
  start_date: string;
  end_date: string;
}

/** The presets of the activity's period picker: no future one (no 'Demain'). */
export const YANGO_PERIOD_PRESETS = ['Today', 'ThisWeek', 'ThisMonth'] as const satisfies readonly PeriodPreset[];

/** A preset's days, cut at today: a week or month still running ends today (no future day). */
export function yangoPresetPeriod(preset: PeriodPreset, today: Date): Period {
  const p = presetPeriod(preset, today);
  const last = endOfDay(today);
  return { start: p.start, end: p.end > last ? last : p.end };
}

/** The period the tab and the card open on: this month up to today (the server's default too). */
export const defaultYangoPeriod = (today: Date): Period => yangoPresetPeriod('ThisMonth', today);

export const wirePeriod = (p: Period): WirePeriod => ({ start_date: wireStart(p.start), end_date: wireEnd(p.end) });

export interface BalanceLine {
  part: TYangoBalancePart;
  label: string;
  amount: number;
}

/**
 * The breakdown under 'Revenu Yango', in the contract's order. Yango's commission is a charge:
 * shown negative whatever sign it came with. Lines at 0 stay (the person sees what was counted).
 */
export function balanceLines(balance: TYangoActivity['balance']): BalanceLine[] {
  return YANGO_BALANCE_PARTS.map((part) => {
    const amount = balance[part];
    return { part, label: YANGO_BALANCE_LABELS[part], amount: part === 'platform_fees' ? -Math.abs(amount) : amount };
  });
}

/** '3 h 05 min', '45 min', '0 min': the time spent on completed orders. */
export function formatWorkTime(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return `${h} h ${String(m).padStart(2, '0')} min`;
}

/** '12.3 km' (at most one decimal, comma thousands like the amounts). */
export function formatKm(km: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(Math.max(0, km))} km`;
}

export interface Reconciliation {
  yangoRevenue: number;
  expected: number;
  collected: number;
  /** What Yango says he earned minus what the park collected, when the currencies are at parity; else null. */
  gap: number | null;
}

/** The two CFA francs: both pegged to the euro at 655.957, so one XOF is worth one XAF. */
const CFA_FRANCS = new Set(['XOF', 'XAF']);
/** Whether amounts of the two currencies can be subtracted as they are (same one, or the CFA francs). */
export const atParity = (a: string, b: string) => a === b || (CFA_FRANCS.has(a) && CFA_FRANCS.has(b));

/** Yango's revenue beside the park's recipes over the same days. */
export function reconcile(yango: { amount: number; currency: string }, recipes: { expected: number; collected: number; currency: string }): Reconciliation {
  const gap = atParity(yango.currency, recipes.currency) ? round2(yango.amount - recipes.collected) : null;
  return { yangoRevenue: yango.amount, expected: recipes.expected, collected: recipes.collected, gap };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Reads a date the server sends: a wire date (yyyy-MM-ddTHH:mm:ss, park time) as a wall clock, an
 * ISO instant (with Z or an offset) as that instant. Null when unreadable.
 */
function readDate(value: string): { wall: Date } | { instant: Date } | null {
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : { instant: d };
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return null;
  return { wall: new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)) };
}

/**
 * 'Synchronisé il y a 5 min' (à l'instant, min, h, j). `nowWall` is the park's wall clock now
 * (yyyy-MM-ddTHH:mm:ss), `now` the instant, so either kind of date compares rightly.
 */
export function syncedAgo(syncedAt: string | null, now: Date, nowWall: string): string {
  if (!syncedAt) return 'Pas encore synchronisé';
  const read = readDate(syncedAt);
  if (!read) return 'Pas encore synchronisé';
  let ms: number;
  if ('instant' in read) ms = now.getTime() - read.instant.getTime();
  else {
    const wallNow = readDate(nowWall);
    ms = (wallNow && 'wall' in wallNow ? wallNow.wall.getTime() : now.getTime()) - read.wall.getTime();
  }
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "Synchronisé à l'instant";
  if (minutes < 60) return `Synchronisé il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Synchronisé il y a ${hours} h`;
  const days = Math.floor(hours / 24);
  return `Synchronisé il y a ${days} j`;
}

/** Whether the period shows nothing at all from Yango (the empty state). */
export function isEmptyActivity(a: Pick<TYangoActivity, 'balance' | 'orders' | 'work_time'>): boolean {
  return a.orders.count_completed === 0 && a.work_time.seconds === 0 && YANGO_BALANCE_PARTS.every((p) => a.balance[p] === 0) && a.balance.total === 0;
}

// ---- The collect dialog's 'Solde Yango' mode ----

export const YANGO_DEBIT_TEXTS = {
  pendingTitle: 'Prélèvement en attente de Yango',
  pending: "Yango n'a pas encore confirmé le prélèvement : il sera vérifié automatiquement dans quelques minutes, ou tout de suite avec « Vérifier ». La recette reste non encaissée jusque-là.",
  check: 'Vérifier',
  refusedTitle: 'Prélèvement refusé par Yango',
  lastRefused: 'Dernier prélèvement Yango refusé',
  stillPending: 'Toujours en attente de Yango : vérifiez à nouveau dans un instant.',
  hint: "Le montant est prélevé sur le solde Yango du chauffeur et n'est encaissé qu'une fois confirmé par Yango.",
  amountRequired: 'Le montant est requis',
  amountAbove: 'Le montant ne peut pas dépasser le reste à encaisser',
  nothingLeft: 'Il ne reste rien à encaisser sur cette recette',
} as const;

/** What a Yango debit takes: all that remains, or the typed amount of a partial payment. */
export function yangoDebitAmount(values: { partial: boolean; amount: number | null }, recipe: { toEncaiss: number }): number | null {
  return values.partial ? values.amount : recipe.toEncaiss;
}

/** The first reason not to send the debit, or null. */
export function yangoDebitError(values: { partial: boolean; amount: number | null }, recipe: { toEncaiss: number }): string | null {
  const amount = yangoDebitAmount(values, recipe);
  if (!values.partial && recipe.toEncaiss <= 0) return YANGO_DEBIT_TEXTS.nothingLeft;
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return YANGO_DEBIT_TEXTS.amountRequired;
  if (amount > recipe.toEncaiss + 1e-9) return YANGO_DEBIT_TEXTS.amountAbove;
  return null;
}

/** The recipe's last debit, if it still waits for Yango or was refused (newest first from the server). */
export function lastOpenDebit(debits: readonly TYangoDebit[] | undefined): TYangoDebit | null {
  const last = debits?.[0];
  return last && last.status !== 'paid' ? last : null;
}
