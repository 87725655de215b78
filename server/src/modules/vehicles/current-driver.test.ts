import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentDriverId, driverWeekdays, weekdayOf, type Planning, type PlanningDriver } from './current-driver.ts';

// 2026-03-02 is a Monday.
const MON = '2026-03-02';
const day = (offset: number) => new Date(Date.parse(`${MON}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const at = (d: string, time = '10:00') => ({ day: d, time });

const driver = (id: string, position: number, over: Partial<PlanningDriver> = {}): PlanningDriver => ({
  driverId: id,
  position,
  workDays: [],
  hourIntervalId: null,
  startWorkAt: null,
  active: true,
  ...over,
});

const planning = (over: Partial<Planning>): Planning => ({
  vehicleStatus: 'active',
  workPlanning: 'daily',
  numberDrivers: 1,
  startTime: '08:30',
  endTime: '18:30',
  passationTime: null,
  alternation: false,
  alternatingDays: null,
  alternatingWeeks: null,
  startAlternationAt: null,
  salaryDayId: null,
  firstDriverAlternationId: null,
  drivers: [],
  ...over,
});

describe('weekdayOf', () => {
  it('counts Monday as 1 and Sunday as 7', () => {
    expect(weekdayOf(MON)).toBe(1);
    expect(weekdayOf(day(6))).toBe(7);
  });
});

describe('one driver', () => {
  const p = planning({ drivers: [driver('a', 1, { workDays: [1, 2, 3, 4, 5] })] });

  it('drives on their work days, nobody on the other days', () => {
    expect(currentDriverId(p, at(MON))).toBe('a');
    expect(currentDriverId(p, at(day(4)))).toBe('a');
    expect(currentDriverId(p, at(day(5)))).toBeNull();
  });

  it('keeps the vehicle on the salary day (the takings are theirs that day)', () => {
    const withSalary = planning({ salaryDayId: 6, drivers: [driver('a', 1, { workDays: [1, 2, 3, 4, 5] })] });
    expect(currentDriverId(withSalary, at(day(5)))).toBe('a');
    expect(currentDriverId(withSalary, at(day(6)))).toBeNull();
    expect(driverWeekdays(withSalary, 'a')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('drives nothing while suspended, before their start date, or on a deactivated vehicle', () => {
    expect(currentDriverId(planning({ drivers: [driver('a', 1, { workDays: [1], active: false })] }), at(MON))).toBeNull();
    expect(currentDriverId(planning({ drivers: [driver('a', 1, { workDays: [1], startWorkAt: day(7) })] }), at(MON))).toBeNull();
    expect(currentDriverId(planning({ drivers: [driver('a', 1, { workDays: [1], startWorkAt: MON })] }), at(MON))).toBe('a');
    expect(currentDriverId({ ...p, vehicleStatus: 'deactivated' }, at(MON))).toBeNull();
  });
});

describe('two drivers sharing the week by days', () => {
  const p = planning({
    numberDrivers: 2,
    salaryDayId: 7,
    drivers: [driver('a', 1, { workDays: [1, 2, 3] }), driver('b', 2, { workDays: [4, 5, 6] })],
  });

  it('gives each day to the driver whose day it is', () => {
    expect(currentDriverId(p, at(MON))).toBe('a');
    expect(currentDriverId(p, at(day(3)))).toBe('b');
  });

  it('leaves the vehicle on the salary day with the driver of the day before', () => {
    expect(currentDriverId(p, at(day(6)))).toBe('b');
    expect(driverWeekdays(p, 'a')).toEqual([1, 2, 3]);
    expect(driverWeekdays(p, 'b')).toEqual([4, 5, 6, 7]);
  });

  it('gives a day both may work (weekly planning) to the first driver', () => {
    const weekly = planning({ workPlanning: 'weekly', numberDrivers: 2, drivers: [driver('b', 2, { workDays: [1] }), driver('a', 1, { workDays: [1] })] });
    expect(currentDriverId(weekly, at(MON))).toBe('a');
  });

  it('does not put a driver without work days at the wheel', () => {
    const p2 = planning({ numberDrivers: 2, drivers: [driver('a', 1, { workDays: [1] }), driver('b', 2)] });
    expect(currentDriverId(p2, at(day(1)))).toBeNull();
    expect(driverWeekdays(p2, 'b')).toEqual([]);
  });
});

describe('automatic alternation', () => {
  const base = planning({
    numberDrivers: 2,
    alternation: true,
    startAlternationAt: MON,
    drivers: [driver('a', 1), driver('b', 2)],
  });

  it('alternates every N days from the start, the first driver first', () => {
    const p = { ...base, alternatingDays: 2 };
    expect([0, 1, 2, 3, 4, 5].map((i) => currentDriverId(p, at(day(i))))).toEqual(['a', 'a', 'b', 'b', 'a', 'a']);
  });

  it('starts with the chosen first driver', () => {
    const p = { ...base, alternatingDays: 1, firstDriverAlternationId: 'b' };
    expect([0, 1, 2].map((i) => currentDriverId(p, at(day(i))))).toEqual(['b', 'a', 'b']);
  });

  it('alternates by Monday-based weeks in weekly planning', () => {
    // Starting on a Wednesday: that week is the first driver's, the next Monday the other's.
    const p = { ...base, workPlanning: 'weekly' as const, alternatingWeeks: 1, startAlternationAt: day(2) };
    expect(currentDriverId(p, at(day(6)))).toBe('a');
    expect(currentDriverId(p, at(day(7)))).toBe('b');
    expect(currentDriverId(p, at(day(14)))).toBe('a');
  });

  it('puts nobody at the wheel before its start, and may put each driver on any weekday', () => {
    const p = { ...base, alternatingDays: 1 };
    expect(currentDriverId(p, at(day(-1)))).toBeNull();
    expect(driverWeekdays(p, 'a')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('does not apply to one driver: their work days count', () => {
    const p = planning({ alternation: true, startAlternationAt: MON, alternatingDays: 1, drivers: [driver('a', 1, { workDays: [2] })] });
    expect(currentDriverId(p, at(MON))).toBeNull();
    expect(currentDriverId(p, at(day(1)))).toBe('a');
  });
});

describe('hourly planning', () => {
  const p = planning({
    workPlanning: 'hourly',
    numberDrivers: 2,
    passationTime: '12:30',
    drivers: [driver('a', 1, { hourIntervalId: 2, workDays: [1, 2] }), driver('b', 2, { hourIntervalId: 1, workDays: [1, 2] })],
  });

  it('gives the vehicle to the driver whose slot holds the park time', () => {
    expect(currentDriverId(p, at(MON, '08:30'))).toBe('b');
    expect(currentDriverId(p, at(MON, '12:29'))).toBe('b');
    expect(currentDriverId(p, at(MON, '12:30'))).toBe('a');
    expect(currentDriverId(p, at(MON, '18:29'))).toBe('a');
  });

  it('puts nobody at the wheel outside the service hours or off their days', () => {
    expect(currentDriverId(p, at(MON, '07:00'))).toBeNull();
    expect(currentDriverId(p, at(MON, '18:30'))).toBeNull();
    expect(currentDriverId(p, at(day(2), '09:00'))).toBeNull();
  });

  it('lets a driver without work days drive their slot every day', () => {
    const every = planning({ ...p, drivers: [driver('a', 1, { hourIntervalId: 1 }), driver('b', 2, { hourIntervalId: 2, workDays: [1] })] });
    expect(currentDriverId(every, at(day(3), '09:00'))).toBe('a');
    expect(currentDriverId(every, at(day(3), '14:00'))).toBeNull();
    expect(driverWeekdays(every, 'a')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(driverWeekdays(every, 'b')).toEqual([1]);
  });
});

describe('the one-vehicle-per-day rule and the current driver agree', () => {
  it('never puts a driver at the wheel on a weekday driverWeekdays does not give them', () => {
    const days = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 });
    const arb = fc.record({
      workPlanning: fc.constantFrom('hourly' as const, 'daily' as const, 'weekly' as const),
      two: fc.boolean(),
      alternation: fc.boolean(),
      alternatingDays: fc.integer({ min: 1, max: 3 }),
      alternatingWeeks: fc.integer({ min: 1, max: 3 }),
      salaryDayId: fc.option(fc.integer({ min: 1, max: 7 })),
      daysA: days,
      daysB: days,
      offset: fc.integer({ min: -10, max: 60 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    });
    fc.assert(
      fc.property(arb, (x) => {
        const drivers = [driver('a', 1, { workDays: x.daysA, hourIntervalId: 1 })];
        if (x.two) drivers.push(driver('b', 2, { workDays: x.daysB, hourIntervalId: 2 }));
        const p = planning({
          workPlanning: x.workPlanning,
          numberDrivers: drivers.length,
          passationTime: '12:30',
          alternation: x.alternation,
          alternatingDays: x.alternatingDays,
          alternatingWeeks: x.alternatingWeeks,
          startAlternationAt: MON,
          salaryDayId: x.salaryDayId,
          drivers,
        });
        const d = day(x.offset);
        const time = `${String(Math.floor(x.minute / 60)).padStart(2, '0')}:${String(x.minute % 60).padStart(2, '0')}`;
        const id = currentDriverId(p, { day: d, time });
        return id === null || driverWeekdays(p, id).includes(weekdayOf(d));
      }),
    );
  });
});
