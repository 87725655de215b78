import { wallClockInZone } from '@flotte/contract/wire-date';
import { currencyDecimals, fromMinor } from '../../platform/money.ts';

/** How the contract document writes amounts and dates (French, the park's wall-clock time). */

export const NBSP = '\u00a0';

/** 1 500 000 XAF: French grouping (a no-break space, which the embedded font has), the currency code. */
export function formatMoney(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const text = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(fromMinor(minor, currency));
  return `${text.replace(/[\u202f\u00a0 ]/g, NBSP)}${NBSP}${currency}`;
}

/** yyyy-MM-dd -> dd/MM/yyyy. */
export function formatDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** dd/MM/yyyy à HH:mm, the park's wall-clock time. */
export function formatInstant(at: Date, timeZone: string): string {
  const wall = wallClockInZone(at, timeZone);
  return `${formatDay(wall)} à ${wall.slice(11, 16)}`;
}

