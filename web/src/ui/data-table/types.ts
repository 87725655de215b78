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

/**
 * Where a column's value goes on a phone, where each row is a card instead of a table line:
 * 'title' (what the record is, bold, wraps), 'amount' (the key figure, top right, never cut),
 * 'status' (its badge), 'date', 'subtitle' and 'meta' (dimmed lines under the title), 'leading'
 * (an avatar or picture on the left), 'actions' (buttons under the card, outside its tap area).
 * false (or no role) keeps the column out of the card.
 */
export type DataTableCardRole = 'title' | 'subtitle' | 'amount' | 'status' | 'date' | 'meta' | 'leading' | 'actions';

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
  /** Only in exported files (a detail the screen keeps for the record's dialog). */
  exportOnly?: boolean;
  /** The column's place on a phone card (see DataTableCardRole). */
  card?: DataTableCardRole | false;
  /** What the card shows for this column when it should differ from the table cell (shorter, no avatar). */
  cardRender?: (row: T) => ReactNode;
}
