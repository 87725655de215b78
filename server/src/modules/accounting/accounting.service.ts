import {
  percentChange,
  trendOf,
  type TAccountingDiagram,
  type TAccountingPnl,
  type TAccountingState,
  type TAccountingTotals,
  type TComparedAmount,
  type TPnlAccount,
  type TPnlYearNode,
  type TStateNode,
  type TYearAmounts,
} from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { listCategories } from '../pnl/pnl.service.ts';
import {
  currentYear,
  defaultReportingPeriod,
  endOf,
  lastTwelveMonths,
  MAX_DIAGRAM_MONTHS,
  monthsOf,
  period,
  sameDaysLastMonth,
  shown,
  startOf,
  thisAndLastMonth,
  yearPeriod,
  type Period,
} from './accounting.periods.ts';
import { assertGroupOfPark, caisseBalances, monthlyTotalsBySubAccount, parkBalance, totalsBySubAccount, type ReportFilter } from './accounting.queries.ts';

/** The acting park as the reports need it (from the guard: no extra round trip). */
export interface ReportPark {
  id: string;
  timeZone: string;
  currency: string;
}

/** The chart, revenue categories first (the order of an income statement), each type in chart order. */
async function chartOf(db: Db, parkId: string): Promise<TPnlAccount[]> {
  const roots = await listCategories(db, parkId);
  return [...roots.filter((r) => r.type === 'profit'), ...roots.filter((r) => r.type === 'perte')];
}

/**
 * Sums over a tree: a node's amount is its own operations plus its sub-accounts'. Amounts stay
 * minor units until the answer is shaped.
 */
interface Rolled<T> {
  node: TPnlAccount;
  sum: T;
  children: Rolled<T>[];
}

function rollUp<T>(node: TPnlAccount, own: (id: string) => T, add: (a: T, b: T) => T): Rolled<T> {
  const children = node.children.map((c) => rollUp(c, own, add));
  const sum = children.reduce((acc, c) => add(acc, c.sum), own(node.id));
  return { node, sum, children };
}

function compared(current: number, previous: number, currency: string): TComparedAmount {
  return {
    amount: fromMinor(current, currency),
    previous: fromMinor(previous, currency),
    percentage: percentChange(current, previous),
    trend: trendOf(current, previous),
  };
}

async function filterOf(db: Db, park: ReportPark, groupId?: string): Promise<ReportFilter> {
  if (groupId) await assertGroupOfPark(db, park.id, groupId);
  return { parkId: park.id, groupId };
}

/**
 * GET /accounting/state: revenue, expenses and result of a period and of the comparison period,
 * per category and sub-category, with the change and its trend.
 */
export async function accountingState(
  db: Db,
  park: ReportPark,
  q: { start_date?: string; end_date?: string; start_date_last_month?: string; end_date_last_month?: string; groupe_id?: string },
): Promise<TAccountingState> {
  const tz = park.timeZone;
  const current = q.start_date || q.end_date ? period(startOf(q.start_date ?? q.end_date!), endOf(q.end_date ?? q.start_date!), tz) : defaultReportingPeriod(tz);
  const previous =
    q.start_date_last_month && q.end_date_last_month
      ? period(startOf(q.start_date_last_month), endOf(q.end_date_last_month), tz)
      : sameDaysLastMonth(current, tz);
  const filter = await filterOf(db, park, q.groupe_id);
  const [chart, [now, before]] = await Promise.all([chartOf(db, park.id), totalsBySubAccount(db, filter, [current, previous])]);

  type Pair = [number, number];
  const shape = (t: Rolled<Pair>): TStateNode => ({
    id: t.node.id,
    name: t.node.name,
    type: t.node.type,
    depth: t.node.depth,
    ...compared(t.sum[0], t.sum[1], park.currency),
    children: t.children.map(shape),
  });
  const trees = chart.map((c) => rollUp<Pair>(c, (id) => [now.get(id) ?? 0, before.get(id) ?? 0], (a, b) => [a[0] + b[0], a[1] + b[1]]));
  const sumOf = (type: 'profit' | 'perte') =>
    trees.filter((t) => t.node.type === type).reduce<Pair>((acc, t) => [acc[0] + t.sum[0], acc[1] + t.sum[1]], [0, 0]);
  const revenue = sumOf('profit');
  const expenses = sumOf('perte');
  return {
    currency: park.currency,
    period: shown(current),
    previous_period: shown(previous),
    revenue: compared(revenue[0], revenue[1], park.currency),
    expenses: compared(expenses[0], expenses[1], park.currency),
    result: compared(revenue[0] - expenses[0], revenue[1] - expenses[1], park.currency),
    categories: trees.map(shape),
  };
}

const addMonths12 = (a: number[], b: number[]) => a.map((v, i) => v + b[i]);
const zero12 = () => Array.from({ length: 12 }, () => 0);

/** GET /accounting/pnl: the year month by month, for every account of the chart. */
export async function pnlByYear(db: Db, park: ReportPark, year?: number): Promise<TAccountingPnl> {
  const y = year ?? currentYear(park.timeZone);
  const [chart, rows] = await Promise.all([chartOf(db, park.id), monthlyTotalsBySubAccount(db, { parkId: park.id }, yearPeriod(y, park.timeZone), park.timeZone)]);
  const own = new Map<string, number[]>();
  for (const r of rows) {
    const months = own.get(r.subAccountId) ?? zero12();
    months[Number(r.month.slice(5, 7)) - 1] += r.amount;
    own.set(r.subAccountId, months);
  }
  const amounts = (months: number[]): TYearAmounts => ({
    months: months.map((m) => fromMinor(m, park.currency)),
    total: fromMinor(months.reduce((a, b) => a + b, 0), park.currency),
  });
  const shape = (t: Rolled<number[]>): TPnlYearNode => ({
    id: t.node.id,
    name: t.node.name,
    type: t.node.type,
    depth: t.node.depth,
    ...amounts(t.sum),
    children: t.children.map(shape),
  });
  const trees = chart.map((c) => rollUp<number[]>(c, (id) => own.get(id) ?? zero12(), addMonths12));
  const sumOf = (type: 'profit' | 'perte') => trees.filter((t) => t.node.type === type).reduce((acc, t) => addMonths12(acc, t.sum), zero12());
  const revenue = sumOf('profit');
  const expenses = sumOf('perte');
  return {
    currency: park.currency,
    year: y,
    categories: trees.map(shape),
    revenue: amounts(revenue),
    expenses: amounts(expenses),
    result: amounts(revenue.map((r, i) => r - expenses[i])),
  };
}

/**
 * GET /accounting/diagramme-pnl: revenue against expenses month by month (bars), and the share of
 * each category (the breakdown beside the bars).
 */
export async function pnlDiagram(db: Db, park: ReportPark, q: { start_date?: string; end_date?: string; groupe_id?: string }): Promise<TAccountingDiagram> {
  const tz = park.timeZone;
  const p = q.start_date || q.end_date ? period(startOf(q.start_date ?? q.end_date!), endOf(q.end_date ?? q.start_date!), tz) : lastTwelveMonths(tz);
  const months = monthsOf(p);
  if (months.length > MAX_DIAGRAM_MONTHS) throw new AppError('ACCOUNTING_PERIOD_TOO_LONG');
  const filter = await filterOf(db, park, q.groupe_id);
  const [chart, rows] = await Promise.all([chartOf(db, park.id), monthlyTotalsBySubAccount(db, filter, p, tz)]);

  // Every account of the chart to its category.
  const categoryOf = new Map<string, TPnlAccount>();
  const mark = (root: TPnlAccount, n: TPnlAccount) => {
    categoryOf.set(n.id, root);
    n.children.forEach((c) => mark(root, c));
  };
  chart.forEach((root) => mark(root, root));

  const byMonth = new Map(months.map((m) => [m, { revenue: 0, expenses: 0 }]));
  const byCategory = new Map<string, number>();
  for (const r of rows) {
    const category = categoryOf.get(r.subAccountId);
    if (!category) continue;
    const slot = byMonth.get(r.month);
    if (slot) slot[category.type === 'profit' ? 'revenue' : 'expenses'] += r.amount;
    byCategory.set(category.id, (byCategory.get(category.id) ?? 0) + r.amount);
  }
  const money = (minor: number) => fromMinor(minor, park.currency);
  let revenue = 0;
  let expenses = 0;
  const series = months.map((month) => {
    const s = byMonth.get(month)!;
    revenue += s.revenue;
    expenses += s.expenses;
    return { month, revenue: money(s.revenue), expenses: money(s.expenses), result: money(s.revenue - s.expenses) };
  });
  const categories = chart
    .filter((c) => (byCategory.get(c.id) ?? 0) !== 0)
    .map((c) => ({ id: c.id, name: c.name, type: c.type, minor: byCategory.get(c.id)! }))
    .sort((a, b) => (a.type === b.type ? b.minor - a.minor : a.type === 'profit' ? -1 : 1))
    .map(({ minor, ...c }) => ({ ...c, amount: money(minor) }));
  return { currency: park.currency, period: shown(p), series, categories, revenue: money(revenue), expenses: money(expenses), result: money(revenue - expenses) };
}

/**
 * GET /accounting/total-data: the headline figures. This month so far and the whole last month
 * (revenue, expenses, result); the evolution of this month against the same days of last month;
 * what the park holds: each caisse's balance, their total, the park balance, and the sum.
 */
export async function accountingTotals(db: Db, park: ReportPark): Promise<TAccountingTotals> {
  const tz = park.timeZone;
  const { thisMonth, lastMonth } = thisAndLastMonth(tz);
  const sameDays = sameDaysLastMonth(thisMonth, tz);
  const [chart, sums, boxes, balance] = await Promise.all([
    chartOf(db, park.id),
    totalsBySubAccount(db, { parkId: park.id }, [thisMonth, lastMonth, sameDays]),
    caisseBalances(db, park.id),
    parkBalance(db, park.id),
  ]);
  const typeOf = new Map<string, 'profit' | 'perte'>();
  const mark = (n: TPnlAccount) => {
    typeOf.set(n.id, n.type);
    n.children.forEach(mark);
  };
  chart.forEach(mark);
  const figures = (m: Map<string, number>) => {
    let revenue = 0;
    let expenses = 0;
    for (const [id, amount] of m) {
      if (typeOf.get(id) === 'profit') revenue += amount;
      else if (typeOf.get(id) === 'perte') expenses += amount;
    }
    return { revenue, expenses, result: revenue - expenses };
  };
  const [now, last, before] = sums.map(figures);
  const money = (minor: number) => fromMinor(minor, park.currency);
  const shownFigures = (p: Period, f: ReturnType<typeof figures>) => ({ period: shown(p), revenue: money(f.revenue), expenses: money(f.expenses), result: money(f.result) });
  const caissesTotal = boxes.reduce((a, c) => a + c.balance, 0);
  return {
    currency: park.currency,
    this_month: shownFigures(thisMonth, now),
    last_month: shownFigures(lastMonth, last),
    evolution: {
      revenue: compared(now.revenue, before.revenue, park.currency),
      expenses: compared(now.expenses, before.expenses, park.currency),
      result: compared(now.result, before.result, park.currency),
    },
    caisses: boxes.map((c) => ({ id: c.id, name: c.name, sold: money(c.balance), default: c.isDefault })),
    caisses_total: money(caissesTotal),
    park_balance: money(balance),
    total_balance: money(caissesTotal + balance),
  };
}
