import type { SortState } from './types.ts';

/** A header click cycles ascending, descending, then back to the server's own order. */
export function nextSort(current: SortState | undefined, key: string): SortState | undefined {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return undefined;
}

export type PageSelection = 'none' | 'some' | 'all';

/** How much of the visible page is selected (drives the header checkbox: empty, dash, tick). */
export function pageSelectionState(selectedIds: ReadonlySet<string>, pageIds: readonly string[]): PageSelection {
  const count = pageIds.filter((id) => selectedIds.has(id)).length;
  if (count === 0) return 'none';
  return count === pageIds.length ? 'all' : 'some';
}

/** Selection survives page changes (keyed by row id); a new map each time so React sees the change. */
export function toggleRow<T>(selected: ReadonlyMap<string, T>, id: string, row: T): Map<string, T> {
  const next = new Map(selected);
  if (next.has(id)) next.delete(id);
  else next.set(id, row);
  return next;
}

/** The header checkbox: selects the whole page, or clears it when it was already all selected. */
export function togglePage<T>(selected: ReadonlyMap<string, T>, rows: readonly T[], getId: (row: T) => string): Map<string, T> {
  const ids = rows.map(getId);
  const next = new Map(selected);
  if (pageSelectionState(new Set(selected.keys()), ids) === 'all') ids.forEach((id) => next.delete(id));
  else rows.forEach((row, i) => next.set(ids[i]!, row));
  return next;
}

/** The last page that exists for this total (at least 1), so a shrinking result never shows an empty page. */
export function lastPage(total: number, itemPerPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, itemPerPage)));
}

/** '6–10 sur 57' (an en dash, as printed ranges are written in French). */
export function rangeLabel(page: number, itemPerPage: number, total: number): string {
  if (total === 0) return '0 sur 0';
  const from = (page - 1) * itemPerPage + 1;
  const to = Math.min(total, page * itemPerPage);
  return `${from}–${to} sur ${total}`;
}
