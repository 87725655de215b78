import type { DataTableCardRole, DataTableColumn } from './types.ts';

export type CardSlots<T> = Record<DataTableCardRole, DataTableColumn<T>[]>;

const ROLES: readonly DataTableCardRole[] = ['title', 'subtitle', 'amount', 'status', 'date', 'meta', 'leading', 'actions'];

/**
 * Which columns fill which part of a phone card. A list that declares no role at all still gets a
 * readable card: its first column as the title, its first amount as the figure, its 'status'
 * column as the badge and the next three columns as dimmed lines, so no list falls back to a
 * table squeezed into 360 px.
 */
export function cardSlots<T>(columns: readonly DataTableColumn<T>[]): CardSlots<T> {
  const slots = Object.fromEntries(ROLES.map((r) => [r, [] as DataTableColumn<T>[]])) as CardSlots<T>;
  const declared = columns.some((c) => c.card);
  if (!declared) {
    const shown = columns.filter((c) => c.exportable !== false);
    const [title, ...rest] = shown;
    if (title) slots.title.push(title);
    const amount = rest.find((c) => c.money);
    if (amount) slots.amount.push(amount);
    const status = rest.find((c) => c.key === 'status');
    if (status) slots.status.push(status);
    slots.meta.push(...rest.filter((c) => c !== amount && c !== status).slice(0, 3));
    return slots;
  }
  for (const column of columns) if (column.card) slots[column.card].push(column);
  return slots;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * How many filters narrow the list: a value counts when it is set and differs from its default
 * ('all' for a status select, nothing for a picker). Keys listed together in `groups` (a period's
 * start and end) count once, as the person chose one thing.
 */
export function countActiveFilters(
  filters: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>> = {},
  groups: readonly (readonly string[])[] = [['start_date', 'end_date']],
): number {
  const active = (key: string) => !isEmpty(filters[key]) && filters[key] !== defaults[key];
  const grouped = new Set(groups.flat());
  let count = Object.keys(filters).filter((key) => !grouped.has(key) && active(key)).length;
  for (const group of groups) if (group.some(active)) count += 1;
  return count;
}

/**
 * The rows of the pages loaded so far with 'Voir plus', each once: a record added at the top
 * while the person scrolls shifts the next page by one, which would otherwise repeat a row.
 */
export function mergePages<T>(pages: readonly (readonly T[])[], getId: (row: T) => string): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages)
    for (const row of page) {
      const id = getId(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
  return rows;
}
