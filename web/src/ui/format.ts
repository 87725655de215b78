import { wallClockInZone } from '@flotte/contract/wire-date';
import dayjs from './dayjs.ts';

/**
 * Display and wire formats. Amounts use a comma thousands separator and at most 2 decimals
 * (spec: '1,234,567.5 XAF'), whatever the phone's own locale says, so every screen and export
 * reads the same.
 */
const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export function formatAmount(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return amountFormat.format(value);
}

/** '1,234,567.5 XAF'; the currency comes from the park settings. */
export function formatMoney(amount: number | string | null | undefined, currency?: string | null): string {
  const formatted = formatAmount(amount);
  if (!formatted) return '';
  return currency ? `${formatted} ${currency}` : formatted;
}

export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';
export const WIRE_DATE_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

/** dd/MM/yyyy, or '' for a missing or invalid date. */
export function formatDate(date: Date | string | number | null | undefined): string {
  if (date === null || date === undefined || date === '') return '';
  const parsed = dayjs(date);
  return parsed.isValid() ? parsed.format(DISPLAY_DATE_FORMAT) : '';
}

/** dd/MM/yyyy HH:mm, or ''. */
export function formatDateTime(date: Date | string | number | null | undefined): string {
  if (date === null || date === undefined || date === '') return '';
  const parsed = dayjs(date);
  return parsed.isValid() ? parsed.format(`${DISPLAY_DATE_FORMAT} HH:mm`) : '';
}


/**
 * `yyyy-MM-ddTHH:mm:ss`, the only date format on the wire. Given the park's IANA time zone the
 * wall-clock time is taken there (dates travel in the park's zone), otherwise in the phone's.
 * An invalid input falls back to the current date, as the spec requires.
 */
export function toWireDate(date: Date | string | number, timeZone?: string | null): string {
  let value = date instanceof Date ? date : dayjs(date).toDate();
  if (Number.isNaN(value.getTime())) value = new Date();
  if (!timeZone) return dayjs(value).format(WIRE_DATE_FORMAT);
  return wallClockInZone(value, timeZone);
}

/** Reads a wire date as a local wall-clock Date (no zone shift). */
export function fromWireDate(value: string): Date {
  const parsed = dayjs(value); // ISO-like without zone: read as local wall-clock time
  return parsed.isValid() ? parsed.toDate() : new Date();
}
