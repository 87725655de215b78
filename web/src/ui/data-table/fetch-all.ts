import type { DataTableFetch, DataTableQuery } from './types.ts';

/** The largest page the server serves (ZPageQuery caps itemPerPage at 1000). */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every row the current search, sort and filters select, page after page of 1000: an export is
 * of what the person filtered, not of the 5 rows on screen. Stops at the announced total, or at
 * an empty page should the total shrink meanwhile; `signal` cancels between pages.
 */
export async function fetchAllPages<T>(
  fetchPage: DataTableFetch<T>,
  query: Omit<DataTableQuery, 'page' | 'itemPerPage'>,
  signal: AbortSignal,
  onProgress?: (loaded: number, total: number) => void,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    signal.throwIfAborted();
    const result = await fetchPage({ ...query, page, itemPerPage: EXPORT_PAGE_SIZE }, signal);
    rows.push(...result.items);
    onProgress?.(rows.length, Math.max(result.meta.total, rows.length));
    if (result.items.length === 0 || rows.length >= result.meta.total) return rows;
  }
}
