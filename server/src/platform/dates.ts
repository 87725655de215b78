import { isWireDateTime, wallClockInZone } from '@flotte/contract';
import { AppError } from './errors.ts';

/**
 * Dates travel as `yyyy-MM-ddTHH:mm:ss` in the park's time zone (default Africa/Douala) and are
 * stored as timestamptz. These two functions are the only crossing between the two.
 */
export const DEFAULT_TIME_ZONE = 'Africa/Douala';

/** An instant as the park's wall-clock time: 2026-11-22T08:30:00. */
export function toWireDate(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return wallClockInZone(instant, timeZone);
}

/** The offset (ms) of a time zone at an instant: wall-clock minus UTC. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = toWireDate(instant, timeZone);
  return Date.parse(`${wall}Z`) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The park's wall-clock time as an instant. Twice through the offset, so it is right on either
 * side of a daylight-saving change (none of our countries has one today, but parks may move).
 */
export function fromWireDate(wire: string, timeZone = DEFAULT_TIME_ZONE, field = 'date'): Date {
  // The calendar too: Date.parse reads 2026-02-30 as 2 March.
  if (!isWireDateTime(wire)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)',
      fieldErrors: [{ field, message: 'Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)' }],
    });
  }
  const asUtc = Date.parse(`${wire}Z`);
  let guess = asUtc - offsetAt(new Date(asUtc), timeZone);
  guess = asUtc - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}
