import { describe, expect, it } from 'vitest';
import { SERVICE_URGENCY_LABELS, VIDANGE_REPAIR_TYPE_ID } from '@flotte/contract';
import { addMonths, dateUrgency, kmUrgency, nextDue, reminderState, worstUrgency, type ReminderRule } from './reminder-due.ts';

const rule = (over: Partial<ReminderRule> = {}): ReminderRule => ({
  repairTypeId: null,
  everyKm: null,
  everyMonths: null,
  lastDoneAt: null,
  lastDoneKm: null,
  createdOn: '2026-01-10',
  done: false,
  ...over,
});
const noReading = { mileage: null, mileageForVidange: null };
const park = { soonDays: 30, soonKm: 1000 };

describe('addMonths: calendar months, clamped at the month end', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'], // leap year
    ['2028-01-30', 1, '2028-02-29'],
    ['2100-01-31', 1, '2100-02-28'], // not a leap year (divisible by 100)
    ['2000-01-31', 1, '2000-02-29'], // a leap year (divisible by 400)
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-11-15', 3, '2027-02-15'],
    ['2026-12-31', 12, '2027-12-31'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2026-05-10', 120, '2036-05-10'],
  ])('%s + %i months = %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe('nextDue', () => {
  it('counts months from the last time done, else from the creation day', () => {
    expect(nextDue(rule({ everyMonths: 6 }), noReading).date).toBe('2026-07-10');
    expect(nextDue(rule({ everyMonths: 6, lastDoneAt: '2026-08-31' }), noReading).date).toBe('2027-02-28');
  });

  it('counts kilometres from the reading it starts from; without one there is no due mileage', () => {
    expect(nextDue(rule({ everyKm: 10_000, lastDoneKm: 52_300 }), noReading).km).toBe(62_300);
    expect(nextDue(rule({ everyKm: 10_000 }), noReading).km).toBeNull();
  });

  it("falls due at the vehicle's mileage_for_vidange for the oil change, when ahead of the count", () => {
    const vidange = rule({ repairTypeId: VIDANGE_REPAIR_TYPE_ID, everyKm: 5000, lastDoneKm: 40_000 });
    expect(nextDue(vidange, { mileage: 41_000, mileageForVidange: 44_000 }).km).toBe(44_000);
    // A stale mileage_for_vidange (at or behind the last change) is the previous change's: the count rules.
    expect(nextDue(vidange, { mileage: 41_000, mileageForVidange: 40_000 }).km).toBe(45_000);
    // Another repair type ignores it.
    expect(nextDue({ ...vidange, repairTypeId: 1 }, { mileage: 41_000, mileageForVidange: 44_000 }).km).toBe(45_000);
  });

  it('a done one-time reminder has no next due', () => {
    expect(nextDue(rule({ everyMonths: 1, everyKm: 100, lastDoneKm: 0, done: true }), noReading)).toEqual({ date: null, km: null });
  });
});

describe('urgency', () => {
  it('by date: ok, soon within the park days, due on the day, overdue after', () => {
    expect(dateUrgency('2026-03-01', '2026-01-29', park)).toBe('ok'); // 31 days before
    expect(dateUrgency('2026-03-01', '2026-01-30', park)).toBe('soon'); // exactly 30 days before
    expect(dateUrgency('2026-03-01', '2026-02-28', park)).toBe('soon'); // the day before
    expect(dateUrgency('2026-03-01', '2026-03-01', park)).toBe('due');
    expect(dateUrgency('2026-03-01', '2026-03-02', park)).toBe('overdue');
    expect(dateUrgency(null, '2026-03-02', park)).toBe('ok');
  });

  it('by distance: ok, soon within the park kilometres, due at the mileage, overdue past it', () => {
    expect(kmUrgency(60_000, 58_999, park)).toBe('ok');
    expect(kmUrgency(60_000, 59_000, park)).toBe('soon');
    expect(kmUrgency(60_000, 60_000, park)).toBe('due');
    expect(kmUrgency(60_000, 60_001, park)).toBe('overdue');
    expect(kmUrgency(60_000, null, park)).toBe('ok');
  });

  it('the thresholds are the park’s', () => {
    const strict = { soonDays: 7, soonKm: 200 };
    expect(dateUrgency('2026-03-01', '2026-02-20', strict)).toBe('ok');
    expect(dateUrgency('2026-03-01', '2026-02-22', strict)).toBe('soon');
    expect(kmUrgency(60_000, 59_700, strict)).toBe('ok');
    expect(kmUrgency(60_000, 59_800, strict)).toBe('soon');
  });

  it('whichever comes first: the worse of date and distance', () => {
    const r = rule({ everyKm: 10_000, everyMonths: 6, lastDoneAt: '2026-01-10', lastDoneKm: 50_000 });
    // Distance overdue, date far away.
    expect(reminderState(r, { mileage: 60_500, mileageForVidange: null }, '2026-02-01', park)).toMatchObject({
      date: '2026-07-10',
      km: 60_000,
      daysLeft: 159,
      kmLeft: -500,
      urgency: 'overdue',
    });
    // Date soon, distance far away.
    expect(reminderState(r, { mileage: 51_000, mileageForVidange: null }, '2026-06-20', park).urgency).toBe('soon');
    // Neither yet.
    expect(reminderState(r, { mileage: 51_000, mileageForVidange: null }, '2026-02-01', park).urgency).toBe('ok');
  });

  it('a vehicle takes its worst reminder’s urgency, ok without any', () => {
    expect(worstUrgency(['ok', 'soon', 'overdue', 'due'])).toBe('overdue');
    expect(worstUrgency(['soon', 'ok'])).toBe('soon');
    expect(worstUrgency([])).toBe('ok');
  });

  it('reads in French', () => {
    expect(SERVICE_URGENCY_LABELS).toEqual({ ok: 'À jour', soon: 'Bientôt', due: 'À faire', overdue: 'En retard' });
  });
});
