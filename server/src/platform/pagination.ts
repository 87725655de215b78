import type { Page, TPageQuery } from '@flotte/contract';

/** `page`/`itemPerPage` to a SQL limit and offset. */
export function pageWindow(q: Pick<TPageQuery, 'page' | 'itemPerPage'>): { limit: number; offset: number } {
  return { limit: q.itemPerPage, offset: (q.page - 1) * q.itemPerPage };
}

/** The `{items, meta}` answer of every paginated list. */
export function toPage<T>(items: T[], total: number, q: Pick<TPageQuery, 'page' | 'itemPerPage'>): Page<T> {
  return { items, meta: { page: q.page, itemPerPage: q.itemPerPage, total } };
}
