import { z } from 'zod';
import './formats.ts'; // French zod messages (set there) for every schema

export const PAGE_SIZES = [5, 10, 20, 30, 40, 50, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 5;
export const SEARCH_MIN_LENGTH = 3;

/** `page` (1-based) and `itemPerPage` on every paginated list. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemPerPage: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZPageMeta = z.object({ page: z.number(), itemPerPage: z.number(), total: z.number() });
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: ZPageMeta });
}
export interface Page<T> {
  items: T[];
  meta: { page: number; itemPerPage: number; total: number };
}
