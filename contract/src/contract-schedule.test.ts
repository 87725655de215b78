import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSchedule,
  instalmentState,
  nthDue,
  rescheduleUnpaid,
  SCHEDULE_MAX_INSTALMENTS,
  SCHEDULE_MESSAGES,
  type FrozenInstalment,
  type ScheduleResult,
  type ScheduleTerms,
} from './contract-schedule.ts';
import { CONTRACT_FREQUENCIES, CONTRACT_MAX_INSTALMENTS, CONTRACT_MESSAGES, type TPaymentFrequency } from './contracts.ts';

function ok(r: ScheduleResult) {
  if (!r.ok) throw new Error(`expected a schedule, got ${r.field}: ${r.message}`);
  return r;
}
const days = (r: ScheduleResult) => ok(r).instalments.map((i) => i.dueDate);
const amounts = (r: ScheduleResult) => ok(r).instalments.map((i) => i.amount);
const dues = (frequency: TPaymentFrequency, startDate: string, n: number, startTime?: string) =>
  Array.from({ length: n }, (_, k) => nthDue({ frequency, startDate, startTime }, k).dueDate);

describe('the copies of contracts.ts constants (contracts.ts imports zod, the preview must not)', () => {
  it('match contracts.ts', () => {
    expect(SCHEDULE_MAX_INSTALMENTS).toBe(CONTRACT_MAX_INSTALMENTS);
    for (const [key, text] of Object.entries(SCHEDULE_MESSAGES)) {
      if (key !== 'totalBelowFrozen') expect(text).toBe(CONTRACT_MESSAGES[key as keyof typeof CONTRACT_MESSAGES]);
    }
    for (const frequency of CONTRACT_FREQUENCIES) {
      expect(buildSchedule({ frequency, frequencyAmount: 1, totalAmount: 1, startDate: '2026-01-01', startTime: '08:00', mode: 'until_total' }).ok).toBe(true);
    }
  });
});

describe('nthDue: every frequency', () => {
  it('daily adds days across month and year ends', () => {
    expect(dues('daily', '2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
  it('weekly adds 7 days', () => {
    expect(dues('weekly', '2026-02-20', 3)).toEqual(['2026-02-20', '2026-02-27', '2026-03-06']);
  });
  it('monthly from 31 January clamps from the start each time, never drifting to the 28th', () => {
    expect(dues('monthly', '2026-01-31', 5)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });
  it('monthly from the 30th keeps the 30th except in February', () => {
    expect(dues('monthly', '2026-01-30', 4)).toEqual(['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30']);
  });
  it('monthly across February 2028 (leap year) takes the 29th', () => {
    expect(dues('monthly', '2028-01-31', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(dues('monthly', '2027-12-29', 3)).toEqual(['2027-12-29', '2028-01-29', '2028-02-29']);
  });
  it('quarterly from 30 November clamps in February and returns to the 30th', () => {
    expect(dues('quarterly', '2026-11-30', 4)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
  });
  it('half-yearly from 31 August goes to the last of February, then back to 31 August', () => {
    expect(dues('half_yearly', '2026-08-31', 4)).toEqual(['2026-08-31', '2027-02-28', '2027-08-31', '2028-02-29']);
  });
  it('annual from 29 February 2028: 28 February in common years, 29 again in 2032', () => {
    expect(dues('annual', '2028-02-29', 5)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });
  it('hourly adds wall-clock hours and rolls over midnight and the month end', () => {
    const terms = { frequency: 'hourly' as const, startDate: '2026-01-31', startTime: '22:30' };
    expect([0, 1, 2, 3].map((k) => nthDue(terms, k))).toEqual([
      { dueDate: '2026-01-31', dueTime: '22:30' },
      { dueDate: '2026-01-31', dueTime: '23:30' },
      { dueDate: '2026-02-01', dueTime: '00:30' },
      { dueDate: '2026-02-01', dueTime: '01:30' },
    ]);
    expect(nthDue({ frequency: 'hourly', startDate: '2026-12-31', startTime: '23:00' }, 1)).toEqual({ dueDate: '2027-01-01', dueTime: '00:00' });
    expect(nthDue({ frequency: 'hourly', startDate: '2028-02-28', startTime: '12:00' }, 36)).toEqual({ dueDate: '2028-03-01', dueTime: '00:00' });
  });
  it('periods other than hourly have no time', () => {
    expect(nthDue({ frequency: 'daily', startDate: '2026-01-01', startTime: '08:00' }, 1).dueTime).toBeNull();
  });
});

describe('buildSchedule: driver (until the total)', () => {
  it('takes the remainder on the last instalment: 1,000,000 by 150,000 is 6 x 150,000 + 100,000', () => {
    const r = ok(buildSchedule({ frequency: 'monthly', frequencyAmount: 150_000, totalAmount: 1_000_000, startDate: '2026-01-31', mode: 'until_total' }));
    expect(r.instalments.map((i) => i.amount)).toEqual([150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 100_000]);
    expect(r.instalments.map((i) => i.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(r.totalAmount).toBe(1_000_000);
    expect(r.endDate).toBe('2026-07-31');
  });
  it('an exact multiple has no smaller last instalment', () => {
    expect(amounts(buildSchedule({ frequency: 'weekly', frequencyAmount: 250, totalAmount: 1000, startDate: '2026-03-02', mode: 'until_total' }))).toEqual([250, 250, 250, 250]);
  });
  it('an amount per instalment above the total makes one instalment of the total', () => {
    const r = ok(buildSchedule({ frequency: 'daily', frequencyAmount: 5000, totalAmount: 1200, startDate: '2026-03-02', mode: 'until_total' }));
    expect(r.instalments).toEqual([{ seq: 1, dueDate: '2026-03-02', dueTime: null, amount: 1200 }]);
  });
  it('accepts an end the schedule reaches, on the last due day itself', () => {
    expect(ok(buildSchedule({ frequency: 'daily', frequencyAmount: 100, totalAmount: 300, startDate: '2026-03-01', endDate: '2026-03-03', mode: 'until_total' })).endDate).toBe('2026-03-03');
  });
  it('refuses an end the schedule passes', () => {
    expect(buildSchedule({ frequency: 'daily', frequencyAmount: 100, totalAmount: 300, startDate: '2026-03-01', endDate: '2026-03-02', mode: 'until_total' })).toEqual({
      ok: false,
      field: 'end_date',
      message: CONTRACT_MESSAGES.totalNotReached,
    });
  });
  it('hourly carries the time of each instalment', () => {
    const r = ok(buildSchedule({ frequency: 'hourly', frequencyAmount: 500, totalAmount: 1200, startDate: '2026-04-30', startTime: '23:15', mode: 'until_total' }));
    expect(r.instalments).toEqual([
      { seq: 1, dueDate: '2026-04-30', dueTime: '23:15', amount: 500 },
      { seq: 2, dueDate: '2026-05-01', dueTime: '00:15', amount: 500 },
      { seq: 3, dueDate: '2026-05-01', dueTime: '01:15', amount: 200 },
    ]);
  });
});

describe('buildSchedule: partner (until the end)', () => {
  it('pays one instalment per period up to and including the end', () => {
    const r = ok(buildSchedule({ frequency: 'monthly', frequencyAmount: 80_000, startDate: '2026-01-31', endDate: '2026-04-30', mode: 'until_end' }));
    expect(r.instalments.map((i) => i.dueDate)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(r.totalAmount).toBe(320_000);
  });
  it('the last period date may fall before the end', () => {
    const r = ok(buildSchedule({ frequency: 'quarterly', frequencyAmount: 1, startDate: '2026-01-15', endDate: '2026-12-31', mode: 'until_end' }));
    expect(r.instalments.map((i) => i.dueDate)).toEqual(['2026-01-15', '2026-04-15', '2026-07-15', '2026-10-15']);
    expect(r.endDate).toBe('2026-10-15');
  });
  it('a start on the end day makes one instalment', () => {
    expect(days(buildSchedule({ frequency: 'annual', frequencyAmount: 9, startDate: '2026-06-01', endDate: '2026-06-01', mode: 'until_end' }))).toEqual(['2026-06-01']);
  });
  it('a total is a cap: it stops once reached, the last taking the remainder', () => {
    const r = ok(buildSchedule({ frequency: 'monthly', frequencyAmount: 100, totalAmount: 250, startDate: '2026-01-01', endDate: '2026-12-01', mode: 'until_end' }));
    expect(r.instalments.map((i) => [i.dueDate, i.amount])).toEqual([
      ['2026-01-01', 100],
      ['2026-02-01', 100],
      ['2026-03-01', 50],
    ]);
    expect(r.totalAmount).toBe(250);
  });
  it('a cap above what the periods pay changes nothing', () => {
    const r = ok(buildSchedule({ frequency: 'weekly', frequencyAmount: 100, totalAmount: 10_000, startDate: '2026-01-01', endDate: '2026-01-15', mode: 'until_end' }));
    expect(r.totalAmount).toBe(300);
  });
  it('hourly stops after the last hour of the end day', () => {
    const r = ok(buildSchedule({ frequency: 'hourly', frequencyAmount: 10, startDate: '2026-03-31', startTime: '21:00', endDate: '2026-04-01', mode: 'until_end' }));
    expect(r.instalments).toHaveLength(3 + 24);
    expect(r.instalments.at(-1)).toMatchObject({ dueDate: '2026-04-01', dueTime: '23:00' });
  });
});

describe('buildSchedule: the checks, in order', () => {
  const good: ScheduleTerms = { frequency: 'hourly', frequencyAmount: 100, totalAmount: 1000, startDate: '2026-01-01', startTime: '08:00', endDate: '2026-02-01', mode: 'until_total' };
  const error = (terms: Partial<ScheduleTerms> | Record<string, unknown>) => {
    const r = buildSchedule({ ...good, ...terms } as ScheduleTerms);
    return r.ok ? null : [r.field, r.message];
  };

  it('reports the first failing field with its text', () => {
    const all = { frequency: 'fortnightly', frequencyAmount: 0, totalAmount: -1, startDate: '2026-02-30', startTime: '8h', endDate: '2025-01-01' };
    expect(error(all)).toEqual(['payment_frequency', CONTRACT_MESSAGES.frequency]);
    expect(error({ ...all, frequency: 'hourly' })).toEqual(['frequency_amount', CONTRACT_MESSAGES.frequencyAmount]);
    expect(error({ ...all, frequency: 'hourly', frequencyAmount: 1 })).toEqual(['total_amount', CONTRACT_MESSAGES.totalAmount]);
    expect(error({ ...all, frequency: 'hourly', frequencyAmount: 1, totalAmount: 5 })).toEqual(['start_date', CONTRACT_MESSAGES.startDate]);
    expect(error({ ...all, frequency: 'hourly', frequencyAmount: 1, totalAmount: 5, startDate: '2026-01-01' })).toEqual(['start_time', CONTRACT_MESSAGES.startTime]);
    expect(error({ ...all, frequency: 'hourly', frequencyAmount: 1, totalAmount: 5, startDate: '2026-01-01', startTime: '08:00' })).toEqual([
      'end_date',
      CONTRACT_MESSAGES.endBeforeStart,
    ]);
  });
  it('refuses amounts that are not positive safe integers', () => {
    for (const v of [0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, '100']) {
      expect(error({ frequencyAmount: v as number })?.[0]).toBe('frequency_amount');
      expect(error({ totalAmount: v as number })?.[0]).toBe('total_amount');
    }
    expect(error({ totalAmount: null })?.[0]).toBe('total_amount');
  });
  it('refuses a day that is not on the calendar, and a time that is not HH:mm', () => {
    for (const d of ['2026-02-29', '2026-13-01', '26-01-01', '2026-1-1', '']) expect(error({ startDate: d })?.[0]).toBe('start_date');
    for (const t of ['24:00', '8:00', '08:60', '', null]) expect(error({ startTime: t })?.[0]).toBe('start_time');
    expect(error({ frequency: 'daily', startTime: null })).toBeNull();
  });
  it('a partner contract needs an end; a driver contract does not', () => {
    expect(error({ mode: 'until_end', endDate: null })).toEqual(['end_date', CONTRACT_MESSAGES.endDate]);
    expect(error({ mode: 'until_end', endDate: '2026-02-31' })).toEqual(['end_date', CONTRACT_MESSAGES.endDate]);
    expect(error({ endDate: null })).toBeNull();
    expect(error({ endDate: '' })).toBeNull();
    expect(error({ endDate: '2026-02-31' })).toEqual(['end_date', CONTRACT_MESSAGES.endDate]);
  });
  it('a partner total, when given, must be an amount', () => {
    expect(error({ mode: 'until_end', totalAmount: 0 })).toEqual(['total_amount', CONTRACT_MESSAGES.totalAmount]);
    expect(error({ mode: 'until_end', totalAmount: null })).toBeNull();
  });
  it('refuses more than the limit of instalments, driver and partner, without walking them all', () => {
    const driver = buildSchedule({ frequency: 'hourly', frequencyAmount: 1, totalAmount: Number.MAX_SAFE_INTEGER, startDate: '2026-01-01', startTime: '00:00', mode: 'until_total' });
    expect(driver).toEqual({ ok: false, field: 'frequency_amount', message: CONTRACT_MESSAGES.tooManyInstalments });
    const partner = buildSchedule({ frequency: 'hourly', frequencyAmount: 1, startDate: '1900-01-01', startTime: '00:00', endDate: '2999-12-31', mode: 'until_end' });
    expect(partner).toEqual({ ok: false, field: 'end_date', message: CONTRACT_MESSAGES.tooManyInstalments });
  });
  it('the limit itself is allowed', () => {
    const r = ok(buildSchedule({ frequency: 'daily', frequencyAmount: 1, totalAmount: CONTRACT_MAX_INSTALMENTS, startDate: '2026-01-01', mode: 'until_total' }));
    expect(r.instalments).toHaveLength(CONTRACT_MAX_INSTALMENTS);
    expect(buildSchedule({ frequency: 'daily', frequencyAmount: 1, totalAmount: CONTRACT_MAX_INSTALMENTS + 1, startDate: '2026-01-01', mode: 'until_total' }).ok).toBe(false);
  });
  it('the limit comes before an end the total does not reach', () => {
    expect(error({ frequencyAmount: 1, totalAmount: 20_000, endDate: '2026-01-02' })).toEqual(['frequency_amount', CONTRACT_MESSAGES.tooManyInstalments]);
  });
  it('refuses a driver schedule running past the last year the calendar accepts', () => {
    expect(buildSchedule({ frequency: 'annual', frequencyAmount: 1, totalAmount: 9000, startDate: '2026-01-01', mode: 'until_total' })).toEqual({
      ok: false,
      field: 'frequency_amount',
      message: CONTRACT_MESSAGES.tooManyInstalments,
    });
  });
  it('refuses a partner total past exact integers', () => {
    const r = buildSchedule({ frequency: 'daily', frequencyAmount: 2 ** 52, startDate: '2026-01-01', endDate: '2026-01-03', mode: 'until_end' });
    expect(r).toEqual({ ok: false, field: 'frequency_amount', message: CONTRACT_MESSAGES.frequencyAmount });
  });
});

describe('rescheduleUnpaid: paid instalments are frozen', () => {
  const paid: FrozenInstalment[] = [
    { seq: 1, dueDate: '2026-01-31', dueTime: null, amount: 150_000 },
    { seq: 2, dueDate: '2026-02-28', dueTime: null, amount: 60_000 }, // partly paid
  ];
  const terms: ScheduleTerms = { frequency: 'monthly', frequencyAmount: 200_000, totalAmount: 1_000_000, startDate: '2026-01-31', mode: 'until_total' };

  it('continues the grid strictly after the last frozen day, seq continuing, covering the total minus the frozen', () => {
    const r = ok(rescheduleUnpaid(paid, terms));
    expect(r.instalments).toEqual([
      { seq: 3, dueDate: '2026-03-31', dueTime: null, amount: 200_000 },
      { seq: 4, dueDate: '2026-04-30', dueTime: null, amount: 200_000 },
      { seq: 5, dueDate: '2026-05-31', dueTime: null, amount: 200_000 },
      { seq: 6, dueDate: '2026-06-30', dueTime: null, amount: 190_000 },
    ]);
    expect(r.totalAmount).toBe(1_000_000);
    expect(r.endDate).toBe('2026-06-30');
  });
  it('takes the new grid, whatever the old one was', () => {
    const r = ok(rescheduleUnpaid(paid, { ...terms, frequency: 'weekly', frequencyAmount: 300_000, startDate: '2026-01-05' }));
    expect(r.instalments.map((i) => [i.seq, i.dueDate, i.amount])).toEqual([
      [3, '2026-03-02', 300_000],
      [4, '2026-03-09', 300_000],
      [5, '2026-03-16', 190_000],
    ]);
  });
  it('a new start after the last frozen one starts there', () => {
    expect(days(rescheduleUnpaid(paid, { ...terms, startDate: '2026-06-15', totalAmount: 610_000 }))).toEqual(['2026-06-15', '2026-07-15']);
  });
  it('an untimed frozen day leaves the whole day to it, even for an hourly grid', () => {
    const r = ok(rescheduleUnpaid(paid, { frequency: 'hourly', frequencyAmount: 400_000, totalAmount: 1_000_000, startDate: '2026-02-28', startTime: '10:00', mode: 'until_total' }));
    expect(r.instalments.map((i) => [i.dueDate, i.dueTime])).toEqual([
      ['2026-03-01', '00:00'],
      ['2026-03-01', '01:00'],
    ]);
  });
  it('hourly after an hourly frozen one continues the next hour, far from the start without walking every hour', () => {
    const frozen = [{ seq: 7, dueDate: '2026-12-31', dueTime: '23:00', amount: 5 }];
    const r = ok(rescheduleUnpaid(frozen, { frequency: 'hourly', frequencyAmount: 10, totalAmount: 25, startDate: '1990-01-01', startTime: '08:00', mode: 'until_total' }));
    expect(r.instalments).toEqual([
      { seq: 8, dueDate: '2027-01-01', dueTime: '00:00', amount: 10 },
      { seq: 9, dueDate: '2027-01-01', dueTime: '01:00', amount: 10 },
    ]);
  });
  it('a total equal to the frozen makes no new instalment', () => {
    const r = ok(rescheduleUnpaid(paid, { ...terms, totalAmount: 210_000 }));
    expect(r.instalments).toEqual([]);
    expect(r.totalAmount).toBe(210_000);
    expect(r.endDate).toBe('2026-02-28');
  });
  it('a total below the frozen is refused on the total', () => {
    expect(rescheduleUnpaid(paid, { ...terms, totalAmount: 209_999 })).toEqual({ ok: false, field: 'total_amount', message: SCHEDULE_MESSAGES.totalBelowFrozen });
  });
  it('a driver end the new instalments pass is refused', () => {
    expect(rescheduleUnpaid(paid, { ...terms, endDate: '2026-05-31' })).toMatchObject({ ok: false, field: 'end_date', message: CONTRACT_MESSAGES.totalNotReached });
  });
  it('partner: the periods up to the end, capped at the total minus the frozen', () => {
    const partner: ScheduleTerms = { frequency: 'monthly', frequencyAmount: 100, startDate: '2026-01-31', endDate: '2026-06-30', mode: 'until_end' };
    const frozen = [
      { seq: 1, dueDate: '2026-01-31', dueTime: null, amount: 100 },
      { seq: 2, dueDate: '2026-02-28', dueTime: null, amount: 100 },
    ];
    const r = ok(rescheduleUnpaid(frozen, partner));
    expect(r.instalments.map((i) => [i.seq, i.dueDate, i.amount])).toEqual([
      [3, '2026-03-31', 100],
      [4, '2026-04-30', 100],
      [5, '2026-05-31', 100],
      [6, '2026-06-30', 100],
    ]);
    expect(r.totalAmount).toBe(600);
    expect(amounts(rescheduleUnpaid(frozen, { ...partner, totalAmount: 450 }))).toEqual([100, 100, 50]);
  });
  it('the limit counts the frozen instalments too', () => {
    const frozen = Array.from({ length: 10 }, (_, i) => ({ seq: i + 1, dueDate: `2026-01-${String(i + 1).padStart(2, '0')}`, dueTime: null, amount: 1 }));
    const daily = { frequency: 'daily' as const, frequencyAmount: 1, startDate: '2026-01-01', mode: 'until_total' as const };
    expect(ok(rescheduleUnpaid(frozen, { ...daily, totalAmount: CONTRACT_MAX_INSTALMENTS })).instalments).toHaveLength(CONTRACT_MAX_INSTALMENTS - 10);
    expect(rescheduleUnpaid(frozen, { ...daily, totalAmount: CONTRACT_MAX_INSTALMENTS + 1 })).toMatchObject({ ok: false, message: CONTRACT_MESSAGES.tooManyInstalments });
  });
  it('with nothing frozen it is the whole schedule', () => {
    expect(rescheduleUnpaid([], terms)).toEqual(buildSchedule(terms));
  });
});

describe('instalmentState', () => {
  const base = { status: 'due' as const, amount: 1000, paidAmount: 0, dueDate: '2026-03-10' };
  it('follows payments, then the day', () => {
    expect(instalmentState(base, '2026-03-09')).toBe('upcoming');
    expect(instalmentState(base, '2026-03-10')).toBe('due_today');
    expect(instalmentState(base, '2026-03-11')).toBe('overdue');
    expect(instalmentState({ ...base, paidAmount: 400 }, '2026-03-11')).toBe('partially');
    expect(instalmentState({ ...base, paidAmount: 1000 }, '2026-03-11')).toBe('paid');
    expect(instalmentState({ ...base, status: 'paid', paidAmount: 1000 }, '2026-03-01')).toBe('paid');
  });
  it('keeps cancelled and written off as stored', () => {
    expect(instalmentState({ ...base, status: 'cancelled', paidAmount: 400 }, '2026-03-11')).toBe('cancelled');
    expect(instalmentState({ ...base, status: 'written_off' }, '2026-03-11')).toBe('written_off');
  });
  it('reads nothing as due before the contract is signed', () => {
    expect(instalmentState(base, '2026-03-11', { signed: false })).toBe('upcoming');
    expect(instalmentState(base, '2026-03-10', { signed: false })).toBe('upcoming');
    expect(instalmentState({ ...base, paidAmount: 1000 }, '2026-03-11', { signed: false })).toBe('paid');
  });
});

describe('property: any valid terms', () => {
  const day = fc.date({ min: new Date(Date.UTC(2020, 0, 1)), max: new Date(Date.UTC(2035, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  // Totals a few hundred instalments long and ends a few years after the start, so most terms make
  // a schedule; sometimes a total no end reaches, or an hourly contract past the limit.
  const terms = fc
    .record({
      frequency: fc.constantFrom(...CONTRACT_FREQUENCIES),
      frequencyAmount: fc.integer({ min: 1, max: 5_000_000 }),
      instalments: fc.integer({ min: 1, max: 400 }),
      remainder: fc.nat(),
      hasTotal: fc.boolean(),
      startDate: day,
      startTime: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      endAfter: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
      mode: fc.constantFrom('until_total' as const, 'until_end' as const),
    })
    .map(({ instalments, remainder, hasTotal, endAfter, ...t }): ScheduleTerms & { totalAmount: number | null; endDate: string | null } => ({
      ...t,
      totalAmount: hasTotal || t.mode === 'until_total' ? t.frequencyAmount * (instalments - 1) + 1 + (remainder % t.frequencyAmount) : null,
      endDate: endAfter === null ? null : new Date(Date.parse(`${t.startDate}T00:00:00Z`) + endAfter * 86_400_000).toISOString().slice(0, 10),
    }));
  const key = (i: { dueDate: string; dueTime: string | null }) => `${i.dueDate}T${i.dueTime ?? ''}`;

  it('makes positive integers summing to the total, strictly later dates, none after the end', () => {
    const failures: string[] = [];
    fc.assert(
      fc.property(terms, (t) => {
        const r = buildSchedule(t);
        if (!r.ok) return void failures.push(r.message);
        const list = r.instalments;
        expect(list.length).toBeGreaterThan(0);
        expect(list.length).toBeLessThanOrEqual(CONTRACT_MAX_INSTALMENTS);
        expect(list.every((i) => Number.isSafeInteger(i.amount) && i.amount > 0 && i.amount <= t.frequencyAmount)).toBe(true);
        expect(list.reduce((s, i) => s + i.amount, 0)).toBe(r.totalAmount);
        if (t.totalAmount !== null) expect(r.totalAmount).toBeLessThanOrEqual(t.totalAmount as number);
        if (t.mode === 'until_total') expect(r.totalAmount).toBe(t.totalAmount);
        list.forEach((i, n) => {
          expect(i.seq).toBe(n + 1);
          if (n > 0) expect(key(i) > key(list[n - 1])).toBe(true);
        });
        expect(list[0].dueDate).toBe(t.startDate);
        if (t.endDate) expect(r.endDate <= t.endDate).toBe(true);
        expect(r.endDate).toBe(list.at(-1)?.dueDate);
      }),
      { numRuns: 300 },
    );
    // The property means something only if most random terms make a schedule.
    expect(failures.length).toBeLessThan(200);
  });

  it('rescheduling after any paid prefix keeps the total and continues strictly later', () => {
    fc.assert(
      fc.property(terms, fc.nat(), fc.nat(), (t, cut, partly) => {
        const whole = buildSchedule({ ...t, mode: 'until_total', totalAmount: t.totalAmount ?? 1_000_000, endDate: null });
        if (!whole.ok) return;
        const frozen = whole.instalments.slice(0, cut % (whole.instalments.length + 1));
        if (frozen.length) frozen[frozen.length - 1] = { ...frozen[frozen.length - 1], amount: 1 + (partly % frozen[frozen.length - 1].amount) };
        const r = rescheduleUnpaid(frozen, { ...t, mode: 'until_total', totalAmount: whole.totalAmount, endDate: null });
        if (!r.ok) return;
        const frozenSum = frozen.reduce((s, i) => s + i.amount, 0);
        expect(r.instalments.reduce((s, i) => s + i.amount, 0)).toBe(whole.totalAmount - frozenSum);
        expect(r.totalAmount).toBe(whole.totalAmount);
        const all = [...frozen, ...r.instalments];
        all.forEach((i, n) => {
          expect(i.seq).toBe(n + 1);
          if (n > 0) expect(key(i) > key(all[n - 1])).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });
});
