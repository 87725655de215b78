import { describe, expect, it } from 'vitest';
import { ALL, config, driver, run, TZ, vehicle as vehicleOf } from './engine-fixtures.ts';
import { maintenancePeriodText, type EngineConfig, type EngineMaintenance, type EngineVehicle } from './planning-engine.ts';

const vehicle = (c: EngineConfig, over: Partial<EngineVehicle> = {}): EngineVehicle => vehicleOf('V1', c, over);

/**
 * Rule 7 of the engine with maintenance records (issue 18 section 1): nobody is planned on a slot
 * that meets one of the vehicle's maintenances, whatever its status today; a 'maintain' status
 * that no maintenance explains still holds the whole period. 2026-12-28 is a Monday.
 */

const held = (startsAt: string, endsAt: string): EngineMaintenance => ({ id: 'M1', startsAt, endsAt });

const hourly = config({
  workPlanning: 'hourly',
  numberDrivers: 2,
  startTime: '06:00',
  passationTime: '14:00',
  endTime: '22:00',
  drivers: [
    { driverId: 'A', position: 1, workDays: ALL, hourIntervalId: 1, startWorkAt: null },
    { driverId: 'B', position: 2, workDays: ALL, hourIntervalId: 2, startWorkAt: null },
  ],
});

describe('maintenance records', () => {
  it('a maintenance over a month and a year end takes exactly its days, with the dates in the message', () => {
    const m = held('2026-12-30T08:00:00', '2027-01-02T18:00:00');
    const r = run({ startDate: '2026-12-28', endDate: '2027-01-04', vehicles: [vehicle(config(), { maintenances: [m] })] });
    expect(r.entries.map((e) => e.day)).toEqual(['2026-12-28', '2026-12-29', '2027-01-03', '2027-01-04']);
    expect(r.conflicts.map((c) => [c.day, c.reason, c.driverId])).toEqual([
      ['2026-12-30', 'vehicle_maintenance', 'A'],
      ['2026-12-31', 'vehicle_maintenance', 'A'],
      ['2027-01-01', 'vehicle_maintenance', 'A'],
      ['2027-01-02', 'vehicle_maintenance', 'A'],
    ]);
    expect(r.conflicts[0].message).toBe('Le véhicule LT-V1 est en entretien du 30/12/2026 au 02/01/2027 : Chauffeur A ne peut pas le conduire le 30/12/2026');
    expect(r.vehiclesWithoutPlanning).toEqual([]);
  });

  it('blocks next week whatever the status today, and leaves this week alone', () => {
    const m = held('2027-01-04T00:00:00', '2027-01-06T00:00:00');
    const r = run({ startDate: '2026-12-28', endDate: '2027-01-10', vehicles: [vehicle(config(), { maintenances: [m] })] });
    expect(r.conflicts.map((c) => c.day)).toEqual(['2027-01-04', '2027-01-05']);
    expect(r.entries).toHaveLength(12);
    // An end at midnight ends the day before.
    expect(r.conflicts[0].message).toContain('en entretien du 04/01/2027 au 05/01/2027');
  });

  it('a few hours only conflict with the slot they meet', () => {
    // 15:00-17:00 on Monday: the afternoon slot (14:00-22:00) only.
    const r = run({ startDate: '2026-12-28', endDate: '2026-12-29', vehicles: [vehicle(hourly, { maintenances: [held('2026-12-28T15:00:00', '2026-12-28T17:00:00')] })] });
    expect(r.entries.map((e) => `${e.day} ${e.slot}:${e.driverId}`)).toEqual(['2026-12-28 first:A', '2026-12-29 first:A', '2026-12-29 second:B']);
    expect(r.conflicts).toEqual([expect.objectContaining({ day: '2026-12-28', driverId: 'B', reason: 'vehicle_maintenance' })]);
    expect(r.conflicts[0].message).toBe('Le véhicule LT-V1 est en entretien le 28/12/2026 de 15:00 à 17:00 : Chauffeur B ne peut pas le conduire le 28/12/2026');
  });

  it('a maintenance outside the service hours takes nothing; touching the end does not count', () => {
    const r = run({
      startDate: '2026-12-28',
      endDate: '2026-12-28',
      vehicles: [vehicle(config(), { maintenances: [held('2026-12-28T05:00:00', '2026-12-28T08:30:00'), held('2026-12-28T18:30:00', '2026-12-28T23:00:00')] })],
    });
    expect(r.entries).toHaveLength(1);
    expect(r.conflicts).toEqual([]);
  });

  it('the interim does not drive the vehicle in the garage', () => {
    const r = run({
      startDate: '2026-12-28',
      endDate: '2026-12-28',
      vehicles: [vehicle(config(), { rotation: { groupId: 'G1', interimDriverId: 'C' }, maintenances: [held('2026-12-28T00:00:00', '2026-12-29T00:00:00')] })],
    });
    expect(r.entries).toEqual([]);
    expect(r.conflicts).toEqual([expect.objectContaining({ reason: 'vehicle_maintenance', replacedById: null })]);
    expect(r.vehiclesWithoutPlanning).toEqual([{ vehicleId: 'V1', message: "Véhicule en entretien : aucun chauffeur n'est planifié" }]);
  });

  it("a 'maintain' status explained by a maintenance holds only the maintenance's days", () => {
    const m = held('2026-12-28T00:00:00', '2026-12-29T23:59:59');
    const explained = run({ startDate: '2026-12-28', endDate: '2026-12-31', vehicles: [vehicle(config(), { status: 'maintain', maintainFromRecord: true, maintenances: [m] })] });
    expect(explained.entries.map((e) => e.day)).toEqual(['2026-12-30', '2026-12-31']);
    // Set by hand (no record): the whole period, as before.
    const byHand = run({ startDate: '2026-12-28', endDate: '2026-12-31', vehicles: [vehicle(config(), { status: 'maintain' })] });
    expect(byHand.entries).toEqual([]);
    expect(byHand.conflicts).toHaveLength(4);
  });

  it('says a maintenance period in French', () => {
    expect(maintenancePeriodText(held('2030-12-12T00:00:00', '2030-12-14T23:59:59'))).toBe('du 12/12/2030 au 14/12/2030');
    expect(maintenancePeriodText(held('2030-12-12T00:00:00', '2030-12-13T00:00:00'))).toBe('le 12/12/2030');
    expect(maintenancePeriodText(held('2030-12-12T00:00:00', '2030-12-12T23:59:59'))).toBe('le 12/12/2030');
    expect(maintenancePeriodText(held('2030-12-12T09:00:00', '2030-12-12T12:30:00'))).toBe('le 12/12/2030 de 09:00 à 12:30');
  });
});
