import { describe, expect, it } from 'vitest';
import {
  inferDurationChoice,
  MAINTENANCE_MESSAGES as M,
  maintenanceFinishError,
  maintenanceScheduleError,
  maintenanceSpan,
  ZMaintenanceUpdate,
  type MaintenanceScheduleDraft,
} from './maintenance.ts';

const V = '0190a0b0-0000-7000-8000-000000000001';
const groups = [{ repair_type_id: 1, maintenanceCarComponent: [{ component_id: 3, amount: 2000 }] }];
const ok: MaintenanceScheduleDraft = { vehicle_id: V, duration_choice: 1, start_date: '2026-03-02T08:00:00', end_date: '2026-03-02T12:00:00', maintenances: groups };
const msg = (d: MaintenanceScheduleDraft) => maintenanceScheduleError(d)?.message ?? null;

describe('maintenanceScheduleError (spec 002 section 5, in the form’s order)', () => {
  it('passes a complete draft of each duration choice', () => {
    expect(msg(ok)).toBeNull();
    expect(msg({ ...ok, duration_choice: 2, start_date: '2026-03-02', end_date: undefined })).toBeNull();
    expect(msg({ ...ok, duration_choice: 3, start_date: '2026-03-02', end_date: '2026-03-02' })).toBeNull();
    expect(msg({ ...ok, duration_choice: 3, start_date: '2026-03-02T00:00:00', end_date: '2026-03-05T00:00:00' })).toBeNull();
  });

  it('asks for the vehicle first, even when everything else is missing', () => {
    expect(maintenanceScheduleError({})).toEqual({ field: 'vehicle_id', message: M.vehicle });
    expect(msg({ ...ok, vehicle_id: '  ' })).toBe(M.vehicle);
  });

  it('choice 1: a date, a start and an end time on that date, the start before the end', () => {
    expect(msg({ ...ok, start_date: undefined })).toBe(M.hours);
    expect(msg({ ...ok, end_date: '' })).toBe(M.hours);
    expect(msg({ ...ok, end_date: '2026-03-02T08:00:00' })).toBe(M.hours);
    expect(msg({ ...ok, end_date: '2026-03-02T07:00:00' })).toBe(M.hours);
    expect(msg({ ...ok, end_date: '2026-03-03T09:00:00' })).toBe(M.hours);
    expect(msg({ ...ok, start_date: '2026-02-30T08:00:00', end_date: '2026-02-30T09:00:00' })).toBe(M.hours);
    // Dates come before the type and the components.
    expect(msg({ ...ok, start_date: undefined, maintenances: [] })).toBe(M.hours);
  });

  it('choice 2: the date', () => {
    expect(msg({ ...ok, duration_choice: 2, start_date: undefined })).toBe(M.date);
    expect(msg({ ...ok, duration_choice: '2', start_date: '2026-13-01' })).toBe(M.date);
  });

  it('choice 3: the start date, then an end on or after it', () => {
    expect(msg({ ...ok, duration_choice: 3, start_date: undefined, end_date: '2026-03-04' })).toBe(M.startDate);
    expect(msg({ ...ok, duration_choice: 3, start_date: '2026-03-04', end_date: undefined })).toBe(M.date);
    expect(msg({ ...ok, duration_choice: 3, start_date: '2026-03-04', end_date: '2026-03-03' })).toBe(M.date);
  });

  it('then the maintenance type, then the components', () => {
    expect(msg({ ...ok, maintenances: [] })).toBe(M.repairType);
    expect(msg({ ...ok, maintenances: undefined })).toBe(M.repairType);
    expect(msg({ ...ok, maintenances: [{ repair_type_id: null, maintenanceCarComponent: [] }] })).toBe(M.repairType);
    expect(msg({ ...ok, maintenances: [{ repair_type_id: 2, maintenanceCarComponent: [] }] })).toBe(M.components);
    expect(msg({ ...ok, maintenances: [...groups, { repair_type_id: 2 }] })).toBe(M.components);
  });
});

describe('maintenanceSpan and the inferred duration choice', () => {
  it('covers whole days for choices 2 and 3', () => {
    expect(maintenanceSpan({ duration_choice: 2, start_date: '2026-03-02T10:00:00' })).toEqual({ duration_choice: 2, start_date: '2026-03-02T00:00:00', end_date: '2026-03-02T23:59:59' });
    expect(maintenanceSpan({ duration_choice: 3, start_date: '2026-03-02', end_date: '2026-03-04' })).toEqual({ duration_choice: 3, start_date: '2026-03-02T00:00:00', end_date: '2026-03-04T23:59:59' });
    expect(maintenanceSpan(ok)).toEqual({ duration_choice: 1, start_date: ok.start_date, end_date: ok.end_date });
  });

  it('infers the choice from the dates when none is sent', () => {
    expect(inferDurationChoice('2026-03-02T08:00:00', '2026-03-02T12:00:00')).toBe(1);
    expect(inferDurationChoice('2026-03-02T00:00:00', '2026-03-02T23:59:59')).toBe(2);
    expect(inferDurationChoice('2026-03-02', undefined)).toBe(2);
    expect(inferDurationChoice('2026-03-02', '2026-03-05')).toBe(3);
  });
});

describe('maintenanceFinishError', () => {
  const paid = [{ repair_type_id: 1, components: [{ component_id: 3, amount: 2500 }] }];
  it('asks for a caisse unless the person may use the default cash account', () => {
    expect(maintenanceFinishError({ maintenances: paid }, { cashAccess: false })).toEqual({ field: 'caisse_id', message: M.caisse });
    expect(maintenanceFinishError({ maintenances: paid }, { cashAccess: true })).toBeNull();
    expect(maintenanceFinishError({ caisse_id: 'c', maintenances: paid }, { cashAccess: false })).toBeNull();
  });

  it('then every amount (0 is an amount: a repair under warranty)', () => {
    expect(maintenanceFinishError({ caisse_id: 'c', maintenances: [{ repair_type_id: 1, components: [{ component_id: 3, amount: '' }] }] }, { cashAccess: false })?.message).toBe(M.amounts);
    expect(maintenanceFinishError({ caisse_id: 'c', maintenances: [] }, { cashAccess: false })?.message).toBe(M.amounts);
    expect(maintenanceFinishError({ caisse_id: 'c', maintenances: [{ repair_type_id: 1, components: [{ component_id: 3, amount: 0 }] }] }, { cashAccess: false })).toBeNull();
    // The caisse is told first.
    expect(maintenanceFinishError({ maintenances: [] }, { cashAccess: false })?.message).toBe(M.caisse);
  });
});

describe('ZMaintenanceUpdate', () => {
  it('reads the spec’s JSON string of maintenances, or an array', () => {
    const json = JSON.stringify([{ repair_type_id: '1', components: [{ component_id: 3, amount: '2500' }] }]);
    const r = ZMaintenanceUpdate.parse({ status: 'finished', maintenances: json, caisse_id: 'c' });
    expect(r).toMatchObject({ status: 'finished', maintenances: [{ repair_type_id: 1, components: [{ component_id: 3, amount: '2500' }] }] });
    expect(ZMaintenanceUpdate.parse({ status: 'canceled' })).toEqual({ status: 'canceled' });
    expect(ZMaintenanceUpdate.safeParse({ status: 'finished', maintenances: '{oops' }).success).toBe(false);
    expect(ZMaintenanceUpdate.safeParse({ status: 'done' }).success).toBe(false);
  });
});
