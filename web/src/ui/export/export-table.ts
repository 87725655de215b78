import { formatAmount, formatDateTime } from '../format.ts';

/** One column of a file: its header, how to read a row, and whether it holds an amount. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => unknown;
  money?: boolean;
}

export type ExportCell = string | number;

/** What both writers print: headers, then one line of plain cells per row. */
export interface ExportTable {
  headers: string[];
  money: boolean[];
  rows: ExportCell[][];
}

/**
 * A value as a file cell. Amounts stay numbers rounded to 2 decimals (the spec's rule: at most 2),
 * so a spreadsheet can still add them up; text as is; dates dd/MM/yyyy HH:mm; yes/no in French;
 * anything else (objects, React elements) would print as nonsense, so it is left empty.
 */
export function toExportCell(value: unknown, money = false): ExportCell {
  if (value === null || value === undefined) return '';
  if (money) {
    const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(amount) ? Math.round(amount * 100) / 100 : '';
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return formatDateTime(value);
  if (Array.isArray(value)) return value.map((v) => toExportCell(v)).filter((v) => v !== '').join(', ');
  return '';
}

export function toExportTable<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): ExportTable {
  return {
    headers: columns.map((c) => c.header),
    money: columns.map((c) => Boolean(c.money)),
    rows: rows.map((row) => columns.map((c) => toExportCell(c.value(row), c.money))),
  };
}

/** A cell as printed text (PDF): amounts with the comma thousands separator, as on screen. */
export function cellText(cell: ExportCell, money: boolean): string {
  if (cell === '') return '';
  if (money || typeof cell === 'number') return formatAmount(cell);
  return cell;
}

/**
 * Excel number format matching formatAmount: '1,234' for whole amounts, '1,234.5' otherwise
 * ('#,##0.##' alone would print a dangling '1,234.').
 */
export function excelMoneyFormat(amount: number): string {
  return Number.isInteger(amount) ? '#,##0' : '#,##0.##';
}
