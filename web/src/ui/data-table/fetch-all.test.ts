import { describe, expect, it, vi } from 'vitest';
import type { Page } from '@flotte/contract';
import { EXPORT_PAGE_SIZE, fetchAllPages } from './fetch-all.ts';
import type { DataTableQuery } from './types.ts';

function fakeServer(total: number) {
  const rows = Array.from({ length: total }, (_, i) => ({ n: i + 1 }));
  return vi.fn(async (q: DataTableQuery): Promise<Page<{ n: number }>> => {
    const start = (q.page - 1) * q.itemPerPage;
    return { items: rows.slice(start, start + q.itemPerPage), meta: { page: q.page, itemPerPage: q.itemPerPage, total } };
  });
}

describe('fetchAllPages', () => {
  it('fetches every page of 1000 with the same search, sort and filters, until the total', async () => {
    const fetchPage = fakeServer(2345);
    const progress = vi.fn();
    const query = { search: 'yao', sort: { key: 'amount', direction: 'desc' as const }, filters: { status: 'paid' } };
    const rows = await fetchAllPages(fetchPage, query, new AbortController().signal, progress);
    expect(rows).toHaveLength(2345);
    expect(rows.at(-1)).toEqual({ n: 2345 });
    expect(fetchPage.mock.calls.map(([q]) => q)).toEqual([1, 2, 3].map((page) => ({ ...query, page, itemPerPage: EXPORT_PAGE_SIZE })));
    expect(progress.mock.calls).toEqual([
      [1000, 2345],
      [2000, 2345],
      [2345, 2345],
    ]);
  });

  it('makes one call when everything fits, and none more for an empty result', async () => {
    const small = fakeServer(57);
    expect(await fetchAllPages(small, { filters: {} }, new AbortController().signal)).toHaveLength(57);
    expect(small).toHaveBeenCalledTimes(1);
    const empty = fakeServer(0);
    expect(await fetchAllPages(empty, { filters: {} }, new AbortController().signal)).toEqual([]);
    expect(empty).toHaveBeenCalledTimes(1);
  });

  it('stops at an empty page when the total shrank meanwhile', async () => {
    const fetchPage = vi.fn(async (q: DataTableQuery) => ({
      items: q.page === 1 ? Array.from({ length: 1000 }, (_, i) => i) : [],
      meta: { page: q.page, itemPerPage: 1000, total: 1500 },
    }));
    expect(await fetchAllPages(fetchPage, { filters: {} }, new AbortController().signal)).toHaveLength(1000);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const fetchPage = vi.fn(async (q: DataTableQuery) => {
      controller.abort();
      return { items: Array.from({ length: 1000 }, (_, i) => i), meta: { page: q.page, itemPerPage: 1000, total: 5000 } };
    });
    await expect(fetchAllPages(fetchPage, { filters: {} }, controller.signal)).rejects.toThrow();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
