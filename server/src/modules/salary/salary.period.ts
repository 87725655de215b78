import { fromWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { SALARY_MAX_DAYS, SALARY_MESSAGES } from '@flotte/contract';

/**
 * A salary period: whole park days, from `from` to `to` inclusive (`yyyy-MM-dd`). A wire date
 * (`yyyy-MM-ddTHH:mm:ss`) names its day: salaries are counted by recipe day, never by the hour.
 */
export interface SalaryPeriod {
  from: string;
  to: string;
  /** The first instant after the period, in the park's time zone (for operation dates). */
  endInstant: Date;
}

const DAY_MS = 86_400_000;
const calendar = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => new Date(calendar(day) + n * DAY_MS).toISOString().slice(0, 10);

function dayOf(value: string, field: string): string {
  const day = value.slice(0, 10);
  const t = calendar(day);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) throw fieldError(field, SALARY_MESSAGES.date);
  return day;
}

export function salaryPeriod(start: string, end: string, timeZone: string): SalaryPeriod {
  const from = dayOf(start, 'start_date');
  const to = dayOf(end, 'end_date');
  if (to < from) throw new AppError('SALARY_PERIOD_INVALID');
  if ((calendar(to) - calendar(from)) / DAY_MS + 1 > SALARY_MAX_DAYS) throw new AppError('SALARY_PERIOD_TOO_LONG');
  return { from, to, endInstant: fromWireDate(`${addDays(to, 1)}T00:00:00`, timeZone) };
}
