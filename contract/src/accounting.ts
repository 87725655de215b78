import { z } from 'zod';
import './formats.ts';
import { isDayOrWireDate } from './wire-date.ts';
import { PNL_TYPES, type TPnlType } from './pnl.ts';

/**
 * Accounting reports (spec 001 sections 2.13, 3, 4, 7; issue 5 section 6): the accounting state of
 * a period against the same period last month, the P&L table of a year, the P&L diagram and the
 * headline totals. They count confirmed operations that were not cancelled (the ledger's net);
 * pending and refused operations count nowhere. Amounts are in the park currency, dates in the
 * park's time zone.
 */

export const ACCOUNTING_MESSAGES = {
  date: 'Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)',
  year: 'Année invalide',
  group: 'Groupe introuvable',
} as const;

/** Spec 001 section 3: a trend is up, down or unchanged (unchanged shows nothing). */
export const TRENDS = ['up', 'down', 'unchanged'] as const;
export type TTrend = (typeof TRENDS)[number];

/** Compares two amounts (minor units or shown numbers alike). */
export function trendOf(current: number, previous: number): TTrend {
  if (current > previous) return 'up';
  if (current < previous) return 'down';
  return 'unchanged';
}

/**
 * The change from `previous` to `current` in percent, 2 decimals, relative to the size of
 * `previous` (so a loss that shrinks reads as a rise). Null when there was nothing to compare with
 * (previous 0 and current not): no percentage of zero means anything.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 100;
}

/** The day (`yyyy-MM-dd`, the whole day) or the second (`yyyy-MM-ddTHH:mm:ss`) a period starts or ends. */
const PERIOD_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/;
const zPeriodDate = z.string({ error: ACCOUNTING_MESSAGES.date }).regex(PERIOD_DATE, ACCOUNTING_MESSAGES.date).refine(isDayOrWireDate, ACCOUNTING_MESSAGES.date);
const zGroupId = z.string({ error: ACCOUNTING_MESSAGES.group }).uuid(ACCOUNTING_MESSAGES.group);

/**
 * GET /accounting/state. Without dates, the default reporting period (the current month up to
 * today, or the previous month before the 7th); without the last-month dates, the same days one
 * month earlier. An end date is included (a day: the whole day).
 */
export const ZAccountingStateQuery = z.object({
  park_id: z.string().optional(),
  start_date: zPeriodDate.optional(),
  end_date: zPeriodDate.optional(),
  start_date_last_month: zPeriodDate.optional(),
  end_date_last_month: zPeriodDate.optional(),
  groupe_id: zGroupId.optional(),
});
export type TAccountingStateQuery = z.input<typeof ZAccountingStateQuery>;

/** GET /accounting/pnl: the year (default: the current one in the park's time zone). */
export const ZAccountingPnlQuery = z.object({
  park_id: z.string().optional(),
  year: z.coerce.number({ error: ACCOUNTING_MESSAGES.year }).int(ACCOUNTING_MESSAGES.year).min(2000, ACCOUNTING_MESSAGES.year).max(2100, ACCOUNTING_MESSAGES.year).optional(),
});

/** GET /accounting/diagramme-pnl: default period the last 12 months, this one included. */
export const ZAccountingDiagramQuery = z.object({
  park_id: z.string().optional(),
  start_date: zPeriodDate.optional(),
  end_date: zPeriodDate.optional(),
  groupe_id: zGroupId.optional(),
});
export type TAccountingDiagramQuery = z.input<typeof ZAccountingDiagramQuery>;

export const ZAccountingTotalQuery = z.object({ park_id: z.string().optional() });

/** A period as the answers show it: first and last second included, park wall-clock time. */
export interface TPeriod {
  start_date: string;
  end_date: string;
}
const ZPeriod = z.object({ start_date: z.string(), end_date: z.string() });

/** An amount of this period against the comparison period. */
export interface TComparedAmount {
  amount: number;
  previous: number;
  /** Percent change, 2 decimals; null when the previous amount was 0 and this one is not. */
  percentage: number | null;
  trend: TTrend;
}
const ZComparedAmount = z.object({ amount: z.number(), previous: z.number(), percentage: z.number().nullable(), trend: z.enum(TRENDS) });

/** A node of the P&L chart in the accounting state: its own and its sub-accounts' operations. */
export interface TStateNode extends TComparedAmount {
  id: string;
  name: string;
  type: TPnlType;
  depth: number;
  children: TStateNode[];
}
export const ZStateNode: z.ZodType<TStateNode> = z.lazy(() =>
  ZComparedAmount.extend({ id: z.string(), name: z.string(), type: z.enum(PNL_TYPES), depth: z.number().int(), children: z.array(ZStateNode) }),
);

export interface TAccountingState {
  currency: string;
  period: TPeriod;
  previous_period: TPeriod;
  revenue: TComparedAmount;
  expenses: TComparedAmount;
  /** Revenue minus expenses. */
  result: TComparedAmount;
  /** Every category of the chart (revenue first), with its sub-categories. */
  categories: TStateNode[];
}
export const ZAccountingState: z.ZodType<TAccountingState> = z.object({
  currency: z.string(),
  period: ZPeriod,
  previous_period: ZPeriod,
  revenue: ZComparedAmount,
  expenses: ZComparedAmount,
  result: ZComparedAmount,
  categories: z.array(ZStateNode),
});

/** Twelve monthly amounts (January first) and their sum. */
export interface TYearAmounts {
  months: number[];
  total: number;
}
const ZYearAmounts = z.object({ months: z.array(z.number()), total: z.number() });

export interface TPnlYearNode extends TYearAmounts {
  id: string;
  name: string;
  type: TPnlType;
  depth: number;
  children: TPnlYearNode[];
}
export const ZPnlYearNode: z.ZodType<TPnlYearNode> = z.lazy(() =>
  ZYearAmounts.extend({ id: z.string(), name: z.string(), type: z.enum(PNL_TYPES), depth: z.number().int(), children: z.array(ZPnlYearNode) }),
);

export interface TAccountingPnl {
  currency: string;
  year: number;
  /** Revenue categories first, then expense categories, each with its sub-accounts. */
  categories: TPnlYearNode[];
  revenue: TYearAmounts;
  expenses: TYearAmounts;
  result: TYearAmounts;
}
export const ZAccountingPnl: z.ZodType<TAccountingPnl> = z.object({
  currency: z.string(),
  year: z.number().int(),
  categories: z.array(ZPnlYearNode),
  revenue: ZYearAmounts,
  expenses: ZYearAmounts,
  result: ZYearAmounts,
});

/** One month of the diagram: `month` is `yyyy-MM`. */
export interface TDiagramMonth {
  month: string;
  revenue: number;
  expenses: number;
  result: number;
}

export interface TAccountingDiagram {
  currency: string;
  period: TPeriod;
  /** Every month of the period, empty ones included, oldest first. */
  series: TDiagramMonth[];
  /** Categories with operations in the period, largest first within each type. */
  categories: { id: string; name: string; type: TPnlType; amount: number }[];
  revenue: number;
  expenses: number;
  result: number;
}
export const ZAccountingDiagram: z.ZodType<TAccountingDiagram> = z.object({
  currency: z.string(),
  period: ZPeriod,
  series: z.array(z.object({ month: z.string(), revenue: z.number(), expenses: z.number(), result: z.number() })),
  categories: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(PNL_TYPES), amount: z.number() })),
  revenue: z.number(),
  expenses: z.number(),
  result: z.number(),
});

export interface TMonthFigures {
  period: TPeriod;
  revenue: number;
  expenses: number;
  result: number;
}
const ZMonthFigures = z.object({ period: ZPeriod, revenue: z.number(), expenses: z.number(), result: z.number() });

export interface TAccountingTotals {
  currency: string;
  /** The current month so far. */
  this_month: TMonthFigures;
  /** The whole previous month. */
  last_month: TMonthFigures;
  /** This month so far against the same days of last month. */
  evolution: { revenue: TComparedAmount; expenses: TComparedAmount; result: TComparedAmount };
  /** Each caisse with its balance ('sold'), the default cash account first. */
  caisses: { id: string; name: string; sold: number; default: boolean }[];
  caisses_total: number;
  /** Money received by mobile money and not yet withdrawn or moved to a caisse. */
  park_balance: number;
  /** caisses_total + park_balance: what the park holds. */
  total_balance: number;
}
export const ZAccountingTotals: z.ZodType<TAccountingTotals> = z.object({
  currency: z.string(),
  this_month: ZMonthFigures,
  last_month: ZMonthFigures,
  evolution: z.object({ revenue: ZComparedAmount, expenses: ZComparedAmount, result: ZComparedAmount }),
  caisses: z.array(z.object({ id: z.string(), name: z.string(), sold: z.number(), default: z.boolean() })),
  caisses_total: z.number(),
  park_balance: z.number(),
  total_balance: z.number(),
});
