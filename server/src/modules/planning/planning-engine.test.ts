import { describe, expect, it } from 'vitest';
import { currentDriverId, type Planning } from '../vehicles/current-driver.ts';
import { ALL, config, driver, run, TZ, vehicle } from './engine-fixtures.ts';
import { daysOf, generatePlanning, plannedSlots, slotTimes, type EngineConfig, type EngineDriver, type EngineVehicle } from './planning-engine.ts';

/**
 * The planning engine's rules (README.md beside it), one by one, with their edges. Days are chosen
 * on a known calendar: 2026-03-02 is a Monday, 2026-12-28 a Monday, 2027-01-01 a Friday.
 */

/** day -> driver id (or 'slot:driver' list for hourly) of one vehicle. */
function who(entries: ReturnType<typeof generatePlanning>['entries'], vehicleId = 'V1'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries.filter((x) => x.vehicleId === vehicleId)) {
    out[e.day] = e.slot === 'full' ? e.driverId : [out[e.day], `${e.slot}:${e.driverId}`].filter(Boolean).join(' ');
  }
  return out;
}

const twoDrivers = (a: Partial<EngineConfig['drivers'][number]>, b: Partial<EngineConfig['drivers'][number]>) => [
  { driverId: 'A', position: 1, workDays: [], hourIntervalId: null, startWorkAt: null, ...a },
  { driverId: 'B', position: 2, workDays: [], hourIntervalId: null, startWorkAt: null, ...b },
];

describe('daily planning', () => {
  it('one driver drives full days on his work days only, at the service hours', () => {
    const c = config({ drivers: [{ driverId: 'A', position: 1, workDays: [1, 2, 3, 4, 5], hourIntervalId: null, startWorkAt: null }] });
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-08', vehicles: [vehicle('V1', c)] });
    expect(Object.keys(who(r.entries))).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
    expect(r.entries[0]).toMatchObject({ slot: 'full', role: 'principal', startsAt: '2026-03-02T08:30:00', endsAt: '2026-03-02T18:30:00', passationAt: null, isSalaryDay: false });
    expect(r.conflicts).toEqual([]);
    expect(r.vehiclesWithoutPlanning).toEqual([]);
  });

  it('two drivers without automatic alternation each drive their own days', () => {
    const c = config({ numberDrivers: 2, drivers: twoDrivers({ workDays: [1, 3, 5] }, { workDays: [2, 4, 6] }) });
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-08', vehicles: [vehicle('V1', c)] });
    expect(who(r.entries)).toEqual({
      '2026-03-02': 'A',
      '2026-03-03': 'B',
      '2026-03-04': 'A',
      '2026-03-05': 'B',
      '2026-03-06': 'A',
      '2026-03-07': 'B',
    });
  });

  it('a service past midnight ends on the next day', () => {
    const c = config({ startTime: '20:00', endTime: '04:00' });
    const r = run({ startDate: '2026-12-31', endDate: '2026-12-31', vehicles: [vehicle('V1', c)] });
    expect(r.entries[0]).toMatchObject({ day: '2026-12-31', startsAt: '2026-12-31T20:00:00', endsAt: '2027-01-01T04:00:00' });
  });
});

describe('automatic alternation', () => {
  const alternating = (over: Partial<EngineConfig>) =>
    config({ numberDrivers: 2, alternation: true, drivers: twoDrivers({}, {}), ...over });

  it('daily: blocks of alternating_days from the start, across the year boundary', () => {
    const c = alternating({ alternatingDays: 2, startAlternationAt: '2026-12-30' });
    const r = run({ startDate: '2026-12-28', endDate: '2027-01-05', vehicles: [vehicle('V1', c)] });
    expect(who(r.entries)).toEqual({
      // Nobody before the start of the alternation.
      '2026-12-30': 'A',
      '2026-12-31': 'A',
      '2027-01-01': 'B',
      '2027-01-02': 'B',
      '2027-01-03': 'A',
      '2027-01-04': 'A',
      '2027-01-05': 'B',
    });
  });

  it('daily: a period starting long after the start keeps the same rhythm across a month boundary', () => {
    // 3-day blocks from 2026-01-01 (A: 1-3, B: 4-6 ...); day 58 after it is 2026-02-28.
    const c = alternating({ alternatingDays: 3, startAlternationAt: '2026-01-01' });
    const r = run({ startDate: '2026-02-26', endDate: '2026-03-04', vehicles: [vehicle('V1', c)] });
    // Block index = floor(days since start / 3): Feb 26 = day 56 (block 18, A), Feb 27-Mar 1 = days 57-59 (block 19, B) ...
    expect(who(r.entries)).toEqual({
      '2026-02-26': 'A',
      '2026-02-27': 'B',
      '2026-02-28': 'B',
      '2026-03-01': 'B',
      '2026-03-02': 'A',
      '2026-03-03': 'A',
      '2026-03-04': 'A',
    });
  });

  it('starts with first_driver_alternation_id', () => {
    const c = alternating({ alternatingDays: 1, startAlternationAt: '2026-03-02', firstDriverAlternationId: 'B' });
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-05', vehicles: [vehicle('V1', c)] });
    expect(who(r.entries)).toEqual({ '2026-03-02': 'B', '2026-03-03': 'A', '2026-03-04': 'B', '2026-03-05': 'A' });
  });

  it('weekly: blocks of alternating_weeks Monday-based weeks, the first week counted from its Monday', () => {
    // Starts on Wednesday 2026-03-04: that week (from the Wednesday) is A's, the next B's.
    const c = alternating({ workPlanning: 'weekly', alternatingWeeks: 1, startAlternationAt: '2026-03-04' });
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-22', vehicles: [vehicle('V1', c)] });
    const w = who(r.entries);
    expect(w['2026-03-02']).toBeUndefined();
    expect(w['2026-03-03']).toBeUndefined();
    for (const d of daysOf('2026-03-04', '2026-03-08')) expect(w[d]).toBe('A');
    for (const d of daysOf('2026-03-09', '2026-03-15')) expect(w[d]).toBe('B');
    for (const d of daysOf('2026-03-16', '2026-03-22')) expect(w[d]).toBe('A');
  });

  it('weekly: two-week blocks across the year boundary', () => {
    const c = alternating({ workPlanning: 'weekly', alternatingWeeks: 2, startAlternationAt: '2026-12-28' });
    const r = run({ startDate: '2026-12-28', endDate: '2027-01-24', vehicles: [vehicle('V1', c)] });
    const w = who(r.entries);
    for (const d of daysOf('2026-12-28', '2027-01-10')) expect(w[d]).toBe('A');
    for (const d of daysOf('2027-01-11', '2027-01-24')) expect(w[d]).toBe('B');
  });
});

describe('hourly planning', () => {
  const hourly = (over: Partial<EngineConfig> = {}) =>
    config({
      workPlanning: 'hourly',
      numberDrivers: 2,
      passationTime: '12:30',
      drivers: twoDrivers({ hourIntervalId: 1 }, { hourIntervalId: 2 }),
      ...over,
    });

  it('splits every day at the handover: slot 1 start to handover, slot 2 handover to end', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-03', vehicles: [vehicle('V1', hourly())] });
    expect(r.entries).toHaveLength(4);
    expect(r.entries[0]).toMatchObject({ day: '2026-03-02', slot: 'first', driverId: 'A', startsAt: '2026-03-02T08:30:00', endsAt: '2026-03-02T12:30:00', passationAt: '2026-03-02T12:30:00' });
    expect(r.entries[1]).toMatchObject({ day: '2026-03-02', slot: 'second', driverId: 'B', startsAt: '2026-03-02T12:30:00', endsAt: '2026-03-02T18:30:00', passationAt: '2026-03-02T12:30:00' });
  });

  it('a night service hands over after midnight', () => {
    const c = hourly({ startTime: '20:00', passationTime: '02:00', endTime: '06:00' });
    const r = run({ startDate: '2026-12-31', endDate: '2026-12-31', vehicles: [vehicle('V1', c)] });
    expect(r.entries.map((e) => [e.slot, e.startsAt, e.endsAt])).toEqual([
      ['first', '2026-12-31T20:00:00', '2027-01-01T02:00:00'],
      ['second', '2027-01-01T02:00:00', '2027-01-01T06:00:00'],
    ]);
  });

  it('drivers with work days hold their slot on those days only', () => {
    const c = hourly({ drivers: twoDrivers({ hourIntervalId: 1, workDays: [1, 2] }, { hourIntervalId: 2, workDays: [2, 3] }) });
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-04', vehicles: [vehicle('V1', c)] });
    expect(who(r.entries)).toEqual({ '2026-03-02': 'first:A', '2026-03-03': 'first:A second:B', '2026-03-04': 'second:B' });
  });

  it('slotTimes: a full slot of an hourly planning covers the whole service', () => {
    expect(slotTimes('2026-03-02', hourly(), 'full')).toEqual({ startsAt: '2026-03-02T08:30:00', endsAt: '2026-03-02T18:30:00', passationAt: '2026-03-02T12:30:00' });
  });
});

describe('salary day', () => {
  it('the driver drives on the salary day and the entry is marked as such', () => {
    const c = config({ salaryDayConfig: true, salaryDayId: 7, drivers: [{ driverId: 'A', position: 1, workDays: [1, 2, 3, 4, 5, 6], hourIntervalId: null, startWorkAt: null }] });
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-08', vehicles: [vehicle('V1', c, { salaryAmount: 500_000 })] });
    expect(r.entries).toHaveLength(7);
    const sunday = r.entries.find((e) => e.day === '2026-03-08');
    expect(sunday).toMatchObject({ driverId: 'A', isSalaryDay: true, salaryAmount: 500_000 });
    expect(r.entries.find((e) => e.day === '2026-03-07')?.salaryAmount).toBeNull();
    expect(r.entries.filter((e) => e.isSalaryDay)).toHaveLength(1);
  });

  it('with two drivers, the one who drove on the latest day before keeps the vehicle', () => {
    const c = config({ numberDrivers: 2, salaryDayConfig: true, salaryDayId: 7, drivers: twoDrivers({ workDays: [1, 2, 3] }, { workDays: [4, 5, 6] }) });
    const r = run({ startDate: '2026-03-08', endDate: '2026-03-08', vehicles: [vehicle('V1', c)] });
    expect(r.entries).toEqual([expect.objectContaining({ driverId: 'B', isSalaryDay: true })]);
  });

  it('a salary_day_id without salary_day_config is no salary day', () => {
    const c = config({ salaryDayConfig: false, salaryDayId: 1 });
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-02', vehicles: [vehicle('V1', c)] });
    expect(r.entries[0].isSalaryDay).toBe(false);
  });

  it('under automatic alternation, the driver of that day has his salary day', () => {
    const c = config({ numberDrivers: 2, alternation: true, alternatingDays: 1, startAlternationAt: '2026-03-02', salaryDayConfig: true, salaryDayId: 3, drivers: twoDrivers({}, {}) });
    const r = run({ startDate: '2026-03-04', endDate: '2026-03-04', vehicles: [vehicle('V1', c)] });
    expect(r.entries).toEqual([expect.objectContaining({ driverId: 'A', isSalaryDay: true })]);
  });
});

describe('drivers who cannot drive', () => {
  it('no one on a day off; the conflict is reported', () => {
    const r = run({
      startDate: '2026-03-02',
      endDate: '2026-03-08',
      vehicles: [vehicle('V1', config())],
      drivers: [driver('A', { daysOff: [3] })],
    });
    expect(who(r.entries)['2026-03-04']).toBeUndefined();
    expect(r.entries).toHaveLength(6);
    expect(r.conflicts).toEqual([
      { day: '2026-03-04', vehicleId: 'V1', driverId: 'A', reason: 'day_off', message: 'Chauffeur A est en repos le mercredi 04/03/2026', replacedById: null },
    ]);
  });

  it('a suspension in the middle of the period: planned before its day, not from it', () => {
    // 23:30 UTC on the 10th is 00:30 on the 11th in Douala: the suspension starts on the 11th.
    const r = run({
      startDate: '2026-03-09',
      endDate: '2026-03-13',
      vehicles: [vehicle('V1', config())],
      drivers: [driver('A', { blockedAt: new Date('2026-03-10T23:30:00Z') })],
    });
    expect(Object.keys(who(r.entries))).toEqual(['2026-03-09', '2026-03-10']);
    expect(r.conflicts.map((c) => [c.day, c.reason])).toEqual([
      ['2026-03-11', 'suspended'],
      ['2026-03-12', 'suspended'],
      ['2026-03-13', 'suspended'],
    ]);
    expect(r.conflicts[0].message).toBe('Chauffeur A est suspendu depuis le 11/03/2026');
  });

  it('a deactivated driver is not planned from his deactivation day', () => {
    const r = run({
      startDate: '2026-03-09',
      endDate: '2026-03-11',
      vehicles: [vehicle('V1', config())],
      drivers: [driver('A', { desactivateAt: new Date('2026-03-01T10:00:00Z') })],
    });
    expect(r.entries).toEqual([]);
    expect(r.conflicts.every((c) => c.reason === 'deactivated')).toBe(true);
    expect(r.conflicts).toHaveLength(3);
    expect(r.vehiclesWithoutPlanning).toEqual([{ vehicleId: 'V1', message: 'Aucun chauffeur disponible sur cette période' }]);
  });

  it("before his start_work_at a driver isn't planned, and that is no conflict", () => {
    const c = config({ drivers: [{ driverId: 'A', position: 1, workDays: ALL, hourIntervalId: null, startWorkAt: '2026-03-11' }] });
    const r = run({ startDate: '2026-03-09', endDate: '2026-03-12', vehicles: [vehicle('V1', c)] });
    expect(Object.keys(who(r.entries))).toEqual(['2026-03-11', '2026-03-12']);
    expect(r.conflicts).toEqual([]);
    // The driver's own start of work counts too.
    const r2 = run({ startDate: '2026-03-09', endDate: '2026-03-12', vehicles: [vehicle('V1', config())], drivers: [driver('A', { startWorkAt: '2026-03-12' })] });
    expect(Object.keys(who(r2.entries))).toEqual(['2026-03-12']);
  });
});

describe('vehicles that cannot be driven', () => {
  it('a vehicle in maintenance gets no one, with a conflict per planned day', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-04', vehicles: [vehicle('V1', config(), { status: 'maintain' })] });
    expect(r.entries).toEqual([]);
    expect(r.conflicts.map((c) => [c.day, c.reason, c.driverId])).toEqual([
      ['2026-03-02', 'vehicle_maintenance', 'A'],
      ['2026-03-03', 'vehicle_maintenance', 'A'],
      ['2026-03-04', 'vehicle_maintenance', 'A'],
    ]);
    expect(r.vehiclesWithoutPlanning).toEqual([{ vehicleId: 'V1', message: "Véhicule en maintenance : aucun chauffeur n'est planifié" }]);
  });

  it('a deactivated vehicle gets no one', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-02', vehicles: [vehicle('V1', config(), { status: 'deactivated' })] });
    expect(r.entries).toEqual([]);
    expect(r.conflicts[0].reason).toBe('vehicle_deactivated');
  });

  it('a vehicle without configuration is listed, not planned', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-03', vehicles: [vehicle('V1', null)] });
    expect(r.entries).toEqual([]);
    expect(r.conflicts).toEqual([
      { day: '2026-03-02', vehicleId: 'V1', driverId: null, reason: 'not_configured', message: "Le véhicule LT-V1 n'a pas de planning de travail configuré", replacedById: null },
    ]);
    expect(r.vehiclesWithoutPlanning[0].message).toBe("Aucun planning de travail n'est configuré pour ce véhicule");
  });

  it('reserve and assign vehicles are planned', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-02', vehicles: [vehicle('V1', config(), { status: 'reserve' }), vehicle('V2', config({ drivers: twoDrivers({ workDays: ALL }, {}).slice(1, 2).map((d) => ({ ...d, workDays: ALL })) }), { status: 'assign' })] });
    expect(r.entries.map((e) => e.vehicleId)).toEqual(['V1', 'V2']);
  });
});

describe('one driver, one vehicle per day', () => {
  it('a day the driver holds on a confirmed vehicle elsewhere is a driver_busy conflict, never overwritten', () => {
    const r = run({
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      vehicles: [vehicle('V1', config())],
      busy: [{ driverId: 'A', day: '2026-03-03', vehicleId: 'OTHER', registrationNumber: 'XY-999' }],
    });
    expect(Object.keys(who(r.entries))).toEqual(['2026-03-02']);
    expect(r.conflicts).toEqual([
      expect.objectContaining({ day: '2026-03-03', reason: 'driver_busy', message: 'Chauffeur A est déjà planifié sur le véhicule XY-999 le 03/03/2026' }),
    ]);
  });

  it('two generated vehicles wanting the same driver: the first by registration keeps him', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-02', vehicles: [vehicle('V2', config()), vehicle('V1', config())] });
    expect(r.entries.map((e) => e.vehicleId)).toEqual(['V1']);
    expect(r.conflicts).toEqual([expect.objectContaining({ vehicleId: 'V2', reason: 'driver_busy', driverId: 'A' })]);
  });

  it('a day held on the same vehicle is no conflict (it is being replaced)', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-02', vehicles: [vehicle('V1', config())], busy: [{ driverId: 'A', day: '2026-03-02', vehicleId: 'V1', registrationNumber: 'LT-V1' }] });
    expect(r.entries).toHaveLength(1);
    expect(r.conflicts).toEqual([]);
  });
});

describe('rotation group interim', () => {
  const inGroup = (interim: string | null) => ({ rotation: { groupId: 'G1', interimDriverId: interim } });

  it('drives when the principal cannot, and the conflict stays listed as information', () => {
    const r = run({
      startDate: '2026-03-03',
      endDate: '2026-03-05',
      vehicles: [vehicle('V1', config(), inGroup('C'))],
      drivers: [driver('A', { daysOff: [3] }), driver('C')],
    });
    expect(who(r.entries)).toEqual({ '2026-03-03': 'A', '2026-03-04': 'C', '2026-03-05': 'A' });
    const wed = r.entries.find((e) => e.day === '2026-03-04')!;
    expect(wed).toMatchObject({ role: 'interim', rotationGroupId: 'G1' });
    expect(r.entries.find((e) => e.day === '2026-03-03')).toMatchObject({ role: 'principal', rotationGroupId: 'G1' });
    expect(r.conflicts).toEqual([
      {
        day: '2026-03-04',
        vehicleId: 'V1',
        driverId: 'A',
        reason: 'day_off',
        message: 'Chauffeur A est en repos le mercredi 04/03/2026 : Chauffeur C (intérimaire) le remplace',
        replacedById: 'C',
      },
    ]);
  });

  it('an interim who cannot drive either leaves the day empty', () => {
    const r = run({
      startDate: '2026-03-04',
      endDate: '2026-03-04',
      vehicles: [vehicle('V1', config(), inGroup('C'))],
      drivers: [driver('A', { daysOff: [3] }), driver('C', { blockedAt: new Date('2026-03-01T08:00:00Z') })],
    });
    expect(r.entries).toEqual([]);
    expect(r.conflicts).toEqual([expect.objectContaining({ reason: 'day_off', replacedById: null })]);
  });

  it('an interim already driving another vehicle that day is not taken', () => {
    // C is the principal of V0, so he can't also stand in on V1.
    const v0 = vehicle('V0', config({ drivers: [{ driverId: 'C', position: 1, workDays: ALL, hourIntervalId: null, startWorkAt: null }] }));
    const r = run({
      startDate: '2026-03-02',
      endDate: '2026-03-02',
      vehicles: [vehicle('V1', config(), inGroup('C')), v0],
      drivers: [driver('A', { blockedAt: new Date('2026-03-01T08:00:00Z') }), driver('C')],
    });
    expect(r.entries.map((e) => [e.vehicleId, e.driverId, e.role])).toEqual([['V0', 'C', 'principal']]);
    expect(r.conflicts).toEqual([expect.objectContaining({ vehicleId: 'V1', reason: 'suspended', replacedById: null })]);
  });

  it('a vehicle in maintenance is not driven by the interim either', () => {
    const r = run({ startDate: '2026-03-02', endDate: '2026-03-02', vehicles: [vehicle('V1', config(), { status: 'maintain', ...inGroup('C') })] });
    expect(r.entries).toEqual([]);
  });
});

describe('the same reading as the fleet current driver', () => {
  // For every configuration shape, the engine's principal on a day is the driver current-driver.ts
  // shows at the wheel at that time of that day.
  const shapes: [string, EngineConfig][] = [
    ['daily, 1 driver', config({ drivers: [{ driverId: 'A', position: 1, workDays: [1, 2, 4, 6], hourIntervalId: null, startWorkAt: null }] })],
    ['daily, 2 drivers + salary day', config({ numberDrivers: 2, salaryDayConfig: true, salaryDayId: 4, drivers: twoDrivers({ workDays: [1, 2, 3] }, { workDays: [5, 6] }) })],
    ['weekly, shared day', config({ workPlanning: 'weekly', numberDrivers: 2, drivers: twoDrivers({ workDays: [1, 2, 3] }, { workDays: [3, 4, 5, 6, 7] }) })],
    ['daily alternation', config({ numberDrivers: 2, alternation: true, alternatingDays: 3, startAlternationAt: '2026-12-20', firstDriverAlternationId: 'B', drivers: twoDrivers({}, {}) })],
    ['weekly alternation', config({ workPlanning: 'weekly', numberDrivers: 2, alternation: true, alternatingWeeks: 2, startAlternationAt: '2026-12-31', drivers: twoDrivers({}, {}) })],
    ['hourly', config({ workPlanning: 'hourly', numberDrivers: 2, passationTime: '12:30', salaryDayConfig: true, salaryDayId: 1, drivers: twoDrivers({ hourIntervalId: 1 }, { hourIntervalId: 2, workDays: [2, 3, 4] }) })],
  ];
  for (const [name, c] of shapes) {
    it(name, () => {
      const planning: Planning = {
        vehicleStatus: 'active',
        ...c,
        salaryDayId: c.salaryDayConfig ? c.salaryDayId : null,
        drivers: c.drivers.map((d) => ({ ...d, active: true })),
      };
      for (const day of daysOf('2026-12-15', '2027-01-20')) {
        const slots = plannedSlots(c, day);
        const at = (slot: string) => slots.find((s) => s.slot === slot)?.driver.driverId ?? null;
        if (c.workPlanning === 'hourly') {
          expect(at('first'), `${day} morning`).toBe(currentDriverId(planning, { day, time: '10:00' }));
          expect(at('second'), `${day} afternoon`).toBe(currentDriverId(planning, { day, time: '15:00' }));
        } else {
          expect(at('full'), day).toBe(currentDriverId(planning, { day, time: '10:00' }));
        }
      }
    });
  }
});

describe('scale', () => {
  it('plans 1,000 vehicles over 31 days in one call', () => {
    const vehicles: EngineVehicle[] = [];
    const drivers: EngineDriver[] = [];
    for (let i = 0; i < 1000; i++) {
      const a = `D${i}a`;
      const b = `D${i}b`;
      drivers.push(driver(a), driver(b));
      vehicles.push(vehicle(`V${i}`, config({ numberDrivers: 2, drivers: twoDrivers({ driverId: a, workDays: [1, 2, 3] }, { driverId: b, workDays: [4, 5, 6, 7] }) })));
    }
    const r = generatePlanning({ startDate: '2026-03-01', endDate: '2026-03-31', timeZone: TZ, vehicles, drivers });
    expect(r.entries).toHaveLength(31_000);
    expect(r.conflicts).toEqual([]);
  });
});

describe('calendar arithmetic', () => {
  it('agrees with Date on every day from 1999 to 2101', async () => {
    const { dayNumber, dayOfNumber, weekdayOf } = await import('./planning-engine.ts');
    const wrong: string[] = [];
    for (let t = Date.UTC(1999, 0, 1); t <= Date.UTC(2101, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const n = t / 86_400_000;
      const wd = new Date(t).getUTCDay() || 7;
      if (dayNumber(iso) !== n || dayOfNumber(n) !== iso || weekdayOf(iso) !== wd) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });
});
