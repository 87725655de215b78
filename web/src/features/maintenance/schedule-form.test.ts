import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES } from '@flotte/contract/maintenance';
import {
  canGoNext,
  estimateTotal,
  freeRepairTypes,
  lostDaysLines,
  scheduleBody,
  scheduleDefaults,
  scheduleSpan,
  scheduleWarning,
  toggleComponent,
  type ScheduleValues,
} from './schedule-form.ts';

const VEHICLE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** A form filled as far as a person would before 'Suivant'. */
function filled(patch: Partial<ScheduleValues> = {}): ScheduleValues {
  return {
    ...scheduleDefaults({ today: '2025-12-12' }),
    vehicle_id: VEHICLE,
    groups: [{ key: 1, repair_type_id: 2, components: [{ id: 7, amount: 2000 }] }],
    ...patch,
  };
}

describe('Programmer un entretien: a fresh form', () => {
  it('opens on one day, today, with the vehicle it was opened from and one repair type to choose', () => {
    const v = scheduleDefaults({ vehicleId: VEHICLE, today: '2025-12-12' });
    expect(v).toMatchObject({ vehicle_id: VEHICLE, duration_choice: 2, day: '2025-12-12', supplier_id: null });
    expect(v.groups).toEqual([{ key: 1, repair_type_id: null, components: [] }]);
  });

  it('ticks a component at 2000 and unticks it', () => {
    const ticked = toggleComponent([], 7);
    expect(ticked).toEqual([{ id: 7, amount: 2000 }]);
    expect(toggleComponent(ticked, 7)).toEqual([]);
  });
});

describe("Programmer un entretien: spec 002's warnings, in the form's order", () => {
  it('asks for the vehicle first', () => {
    expect(scheduleWarning(filled({ vehicle_id: null, day: null }))).toBe(MAINTENANCE_MESSAGES.vehicle);
  });

  it('asks for a date and both hours, start before end, for a few hours', () => {
    expect(scheduleWarning(filled({ duration_choice: 1, start_time: '14:00', end_time: '10:00' }))).toBe(MAINTENANCE_MESSAGES.hours);
    expect(scheduleWarning(filled({ duration_choice: 1, day: null }))).toBe(MAINTENANCE_MESSAGES.hours);
    expect(scheduleWarning(filled({ duration_choice: 1, start_time: '08:00', end_time: '11:30' }))).toBeNull();
  });

  it('asks for the date of a one-day maintenance', () => {
    expect(scheduleWarning(filled({ day: null }))).toBe(MAINTENANCE_MESSAGES.date);
  });

  it('asks for the start, then an end on or after it, over several days', () => {
    expect(scheduleWarning(filled({ duration_choice: 3, day: null, end_day: '2025-12-15' }))).toBe(MAINTENANCE_MESSAGES.startDate);
    expect(scheduleWarning(filled({ duration_choice: 3, end_day: '2025-12-10' }))).toBe(MAINTENANCE_MESSAGES.date);
    expect(scheduleWarning(filled({ duration_choice: 3, end_day: '2025-12-15' }))).toBeNull();
  });

  it('asks for the repair type, then the components', () => {
    expect(scheduleWarning(filled({ groups: [{ key: 1, repair_type_id: null, components: [{ id: 7, amount: 2000 }] }] }))).toBe(MAINTENANCE_MESSAGES.repairType);
    expect(scheduleWarning(filled({ groups: [{ key: 1, repair_type_id: 2, components: [] }] }))).toBe(MAINTENANCE_MESSAGES.components);
  });
});

describe("Programmer un entretien: 'Suivant'", () => {
  it('is enabled only with a vehicle, dates and at least one component', () => {
    expect(canGoNext(filled())).toBe(true);
    expect(canGoNext(filled({ vehicle_id: null }))).toBe(false);
    expect(canGoNext(filled({ day: null }))).toBe(false);
    expect(canGoNext(filled({ duration_choice: 3, end_day: null }))).toBe(false);
    expect(canGoNext(filled({ groups: [{ key: 1, repair_type_id: 2, components: [] }] }))).toBe(false);
  });
});

describe('Programmer un entretien: the dates sent', () => {
  it('sends the hours of a few hours, the whole day of one day, first to last day of several days', () => {
    expect(scheduleSpan(filled({ duration_choice: 1, start_time: '08:00', end_time: '11:30' }))).toEqual({
      duration_choice: 1,
      start_date: '2025-12-12T08:00:00',
      end_date: '2025-12-12T11:30:00',
    });
    expect(scheduleSpan(filled())).toEqual({ duration_choice: 2, start_date: '2025-12-12T00:00:00', end_date: '2025-12-12T23:59:59' });
    expect(scheduleSpan(filled({ duration_choice: 3, end_day: '2025-12-14' }))).toEqual({
      duration_choice: 3,
      start_date: '2025-12-12T00:00:00',
      end_date: '2025-12-14T23:59:59',
    });
  });
});

describe('Programmer un entretien: the body and the estimate', () => {
  it('sends each repair type with its components, entries only with an amount, and the pictures', () => {
    const v = filled({
      supplier_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
      description: '  Bruit au freinage  ',
      groups: [
        { key: 1, repair_type_id: 2, components: [{ id: 7, amount: 2000 }, { id: 8, amount: null }] },
        { key: 2, repair_type_id: 3, components: [{ id: 9, amount: 15000.5 }] },
      ],
    });
    expect(scheduleBody(v, ['/api/file/a'])).toEqual({
      vehicle_id: VEHICLE,
      duration_choice: 2,
      start_date: '2025-12-12T00:00:00',
      end_date: '2025-12-12T23:59:59',
      supplier_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
      description: 'Bruit au freinage',
      images: ['/api/file/a'],
      maintenances: [
        { repair_type_id: 2, maintenanceCarComponent: [{ component_id: 7, amount: 2000 }] },
        { repair_type_id: 3, maintenanceCarComponent: [{ component_id: 9, amount: 15000.5 }] },
      ],
    });
    expect(scheduleBody(filled(), []).images).toBeUndefined();
  });

  it('adds up every component, decimals exactly', () => {
    expect(estimateTotal([{ key: 1, repair_type_id: 1, components: [{ id: 1, amount: 0.1 }, { id: 2, amount: 0.2 }] }, { key: 2, repair_type_id: 2, components: [{ id: 3, amount: null }] }])).toBe(0.3);
  });

  it('offers each repair type to one group only', () => {
    const types = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const groups = [
      { key: 1, repair_type_id: 1, components: [] },
      { key: 2, repair_type_id: 2, components: [] },
    ];
    expect(freeRepairTypes(types, groups, 1).map((t) => t.id)).toEqual([1, 3]);
  });
});

describe('Programmer un entretien: the drivers who lose days', () => {
  it("reads 'Nom : 12/12, 13/12', days in order, drivers without lost days left out", () => {
    expect(
      lostDaysLines([
        { driver_id: 'a', driver_name: 'Awa Ndiaye', days: ['2025-12-13', '2025-12-12'] },
        { driver_id: 'b', driver_name: 'Paul Mbarga', days: [] },
      ]),
    ).toEqual(['Awa Ndiaye\u00a0: 12/12, 13/12']);
  });
});
