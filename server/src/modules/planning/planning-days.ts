/**
 * Days as yyyy-MM-dd strings (the park's calendar), for the planning engine and its callers.
 */
export const WEEKDAY_NAMES = ['', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

// Calendar arithmetic without Date objects (days_from_civil / civil_from_days, H. Hinnant): the
// engine converts days tens of thousands of times per generation, and Date parsing dominated it.

/** Days since 1970-01-01 of a yyyy-MM-dd day. */
export function dayNumber(day: string): number {
  let y = +day.slice(0, 4);
  const m = +day.slice(5, 7);
  const d = +day.slice(8, 10);
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

export function dayOfNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

export function addDays(day: string, n: number): string {
  return n === 0 ? day : dayOfNumber(dayNumber(day) + n);
}

/** 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(day: string): number {
  return (((dayNumber(day) + 3) % 7) + 7) % 7 + 1;
}

/** Every day from start to end, both included. */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(start), last = dayNumber(end); n <= last; n++) out.push(dayOfNumber(n));
  return out;
}

/** dd/MM/yyyy, as the French screens show a day. */
export function frenchDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}
