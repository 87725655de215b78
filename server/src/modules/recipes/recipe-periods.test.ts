import { describe, expect, it } from 'vitest';
import { periodOn, periodsBetween, shareOfDrivers } from './recipe-periods.ts';

describe('collection periods', () => {
  it('collects a daily recipe every day for that day', () => {
    expect(periodOn({ frequency: 'daily', collectDay: null, monthlyDay: null }, '2026-03-11')).toEqual({ day: '2026-03-11', periodStart: '2026-03-11', periodEnd: '2026-03-11' });
  });

  it('collects a weekly recipe on its weekday for the 7 days ending that day', () => {
    const sunday = { frequency: 'weekly' as const, collectDay: 7, monthlyDay: null };
    expect(periodOn(sunday, '2026-03-14')).toBeNull(); // a Saturday
    expect(periodOn(sunday, '2026-03-15')).toEqual({ day: '2026-03-15', periodStart: '2026-03-09', periodEnd: '2026-03-15' });
    expect(periodsBetween(sunday, '2026-03-01', '2026-03-31').map((p) => p.day)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']);
  });

  it('clamps a monthly day to the end of short months, each period starting the day after the last collection', () => {
    const on31 = { frequency: 'monthly' as const, collectDay: null, monthlyDay: 31 };
    expect(periodOn(on31, '2026-04-30')).toEqual({ day: '2026-04-30', periodStart: '2026-04-01', periodEnd: '2026-04-30' });
    expect(periodOn(on31, '2026-03-31')).toEqual({ day: '2026-03-31', periodStart: '2026-03-01', periodEnd: '2026-03-31' });
    expect(periodOn(on31, '2026-02-28')).toEqual({ day: '2026-02-28', periodStart: '2026-02-01', periodEnd: '2026-02-28' });
    expect(periodOn(on31, '2028-02-29')?.periodStart).toBe('2028-02-01'); // a leap year
    const on30 = { frequency: 'monthly' as const, collectDay: null, monthlyDay: 30 };
    expect(periodOn(on30, '2026-03-30')).toEqual({ day: '2026-03-30', periodStart: '2026-03-01', periodEnd: '2026-03-30' }); // after 28 February
    expect(periodOn(on30, '2026-02-28')).toEqual({ day: '2026-02-28', periodStart: '2026-01-31', periodEnd: '2026-02-28' });
    const on5 = { frequency: 'monthly' as const, collectDay: null, monthlyDay: 5 };
    expect(periodOn(on5, '2026-01-05')).toEqual({ day: '2026-01-05', periodStart: '2025-12-06', periodEnd: '2026-01-05' }); // across the year
    expect(periodOn(on5, '2026-01-06')).toBeNull();
  });
});

describe('sharing a period between drivers', () => {
  const full = (driverId: string, n: number, salary = false) => Array.from({ length: n }, () => ({ driverId, slot: 'full' as const, isSalaryDay: salary }));

  it('gives one driver the whole amount however many days were planned', () => {
    expect(shareOfDrivers(full('a', 2), { objective: 70_000, salary: 7_000 })).toEqual(new Map([['a', { objective: 70_000, salary: 7_000 }]]));
  });

  it('shares by driven days, salary days left out, and a driver with salary days only owes nothing', () => {
    expect(shareOfDrivers([...full('a', 3), ...full('b', 4)], { objective: 7_000, salary: 0 })).toEqual(
      new Map([
        ['a', { objective: 3_000, salary: 0 }],
        ['b', { objective: 4_000, salary: 0 }],
      ]),
    );
    expect(shareOfDrivers([...full('a', 3), ...full('b', 3), ...full('b', 1, true)], { objective: 7_000, salary: 0 }).get('b')).toEqual({ objective: 3_500, salary: 0 });
    expect(shareOfDrivers(full('a', 1, true), { objective: 7_000, salary: 1_000 }).size).toBe(0);
  });

  it('counts an hourly slot as half a day', () => {
    const day = [
      { driverId: 'a', slot: 'first' as const, isSalaryDay: false },
      { driverId: 'b', slot: 'second' as const, isSalaryDay: false },
    ];
    expect(shareOfDrivers(day, { objective: 10_000, salary: 0 })).toEqual(
      new Map([
        ['a', { objective: 5_000, salary: 0 }],
        ['b', { objective: 5_000, salary: 0 }],
      ]),
    );
  });

  it('adds the shares up to the amount exactly', () => {
    const shares = shareOfDrivers([...full('a', 1), ...full('b', 1), ...full('c', 1)], { objective: 10_000, salary: 1 });
    expect([...shares.values()].reduce((s, v) => s + v.objective, 0)).toBe(10_000);
    expect([...shares.values()].reduce((s, v) => s + v.salary, 0)).toBe(1);
    expect([...shares.values()].map((v) => v.objective).sort()).toEqual([3_333, 3_333, 3_334]);
  });
});
