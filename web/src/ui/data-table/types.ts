import type { ReactNode } from 'react';
import type { Page } from '@flotte/contract';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** What a DataTable asks its server for: the wire's `page`/`itemPerPage`/`search`, plus sort and filters. */
export interface DataTableQuery {
  page: number;
  itemPerPage: number;
  search?: string;
  sort?: SortState;
  filters: Record<string, unknown>;
}

export type DataTableFetch<T> = (query: DataTableQuery, signal: AbortSignal) => Promise<Page<T>>;

/** A plain text or number for a file cell (Excel, PDF); null and undefined become an empty cell. */
export type ExportValue = string | number | boolean | Date | null | undefined;

export interface DataTableColumn<T> {
  /** Row field shown when there is no `render`, and the sort key sent to the server. */
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** The cell in exported files; defaults to the row's `key` field when it is a plain value. */
  exportValue?: (row: T) => ExportValue;
  sortable?: boolean;
  width?: number | string;
  /** An amount: shown and exported with the formatAmount rules, right-aligned. */
  money?: boolean;
  align?: 'left' | 'center' | 'right';
  /** false for columns that only hold actions (buttons) and mean nothing in a file. */
  exportable?: boolean;
}
