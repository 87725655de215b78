import { describe, expect, it } from 'vitest';
import { dayParam, shiftDay, stopTime } from './day-params.ts';

describe("a vehicle's day", () => {
  it('is the asked day, today when missing, wrong or in the future', () => {
    expect(dayParam('2026-11-20', '2026-11-26')).toBe('2026-11-20');
    expect(dayParam(null, '2026-11-26')).toBe('2026-11-26');
    expect(dayParam('2026-02-30', '2026-11-26')).toBe('2026-11-26');
    expect(dayParam('hier', '2026-11-26')).toBe('2026-11-26');
    expect(dayParam('2026-11-27', '2026-11-26')).toBe('2026-11-26');
  });

  it('moves by whole days across months', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("shows a stop's time, with its date when it began the day before", () => {
    expect(stopTime('2026-11-26T08:15:00', '2026-11-26')).toBe('08:15');
    expect(stopTime('2026-11-25T22:40:00', '2026-11-26')).toBe('25/11 22:40');
  });
});
