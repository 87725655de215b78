/**
 * `yyyy-MM-ddTHH:mm:ss` wall-clock time of an instant in an IANA time zone: how dates travel on
 * the wire (in the park's zone). Zod-free and dependency-free, so both the server and the web's
 * first-paint code can use it.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallClockInZone(instant: Date, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value.padStart(2, '0') ?? '00';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/**
 * Years a fleet can mean, from a driver's birth to a long contract's end. Beyond them, shifting a day
 * by a time zone or a month leaves what JavaScript dates and PostgreSQL accept (0001-01-01 becomes
 * year 0, 9999-12-31 year 10000).
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

function realDay(y: number, m: number, d: number): boolean {
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return false;
  const days = m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  return d <= days;
}

/**
 * A day of the calendar written `yyyy-MM-dd`: 2026-02-30 and 2026-13-01 match the pattern but are
 * refused (JavaScript would roll them over to March or the next year, PostgreSQL fails on them).
 */
export function isCalendarDay(v: string): boolean {
  const m = DAY_PATTERN.exec(v);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A real wall-clock time `yyyy-MM-ddTHH:mm:ss` (the wire format): a real day, hours 00-23, minutes and seconds 00-59. */
export function isWireDateTime(v: string): boolean {
  const m = DATE_TIME_PATTERN.exec(v);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60;
}

/** A day `yyyy-MM-dd` or a wire date `yyyy-MM-ddTHH:mm:ss`, both real (the forms of a period's bounds). */
export function isDayOrWireDate(v: string): boolean {
  return v.length === 10 ? isCalendarDay(v) : isWireDateTime(v);
}
