import { describe, expect, it } from 'vitest';
import {
  confirmBody,
  conflictsByDay,
  daysWithEntries,
  driverName,
  entryKey,
  entryTitle,
  groupEntriesByDay,
  maintenanceDays,
  maintenanceSpan,
  slotHours,
  vehicleLabel,
} from './planning-entries.ts';
import { awa, koffi, planningEntry, taxi, van } from './planning-fixtures.ts';
import type { TMaintenanceEntry, TPlanningPreview, TPlanningVehicleRef } from './planning-types.ts';

const entry = planningEntry;
const maintenance = (date: string, start: string, end: string, vehicle = van): TMaintenanceEntry => ({
  type: 'entretien',
  maintenance_id: null,
  date,
  vehicle,
  start_date: start,
  end_date: end,
});

describe('entry words', () => {
  it('names vehicles by label and plate, drivers by first and last name, slots by their hours', () => {
    expect(vehicleLabel(taxi)).toBe('Taxi 12 · AB-123-CD');
    expect(vehicleLabel(van)).toBe('ZZ-999-ZZ');
    expect(vehicleLabel({ label: 'AB-123-CD', registration_number: 'AB-123-CD' })).toBe('AB-123-CD');
    expect(driverName(awa)).toBe('Awa Diallo');
    expect(driverName(null)).toBe('');
    expect(slotHours(entry('2025-03-18', taxi, awa, 'second'))).toBe('12:30 – 18:30');
    expect(slotHours({ start_date: '2025-03-18', end_date: '' })).toBe('');
  });
});

describe('groupEntriesByDay', () => {
  it('puts each entry on its day, maintenance first, then by vehicle and slot', () => {
    const byDay = groupEntriesByDay([
      entry('2025-03-18', taxi, koffi, 'second'),
      entry('2025-03-19', taxi, awa),
      entry('2025-03-18', taxi, awa, 'first'),
      maintenance('2025-03-18', '2025-03-18T00:00:00', '2025-03-18T23:59:59'),
      entry('2025-03-18T00:00:00', van, awa),
    ]);
    const day = byDay.get('2025-03-18')!;
    expect(day.map((e) => `${e.type}:${e.vehicle.registration_number}:${'slot' in e ? e.slot : ''}`)).toEqual([
      'entretien:ZZ-999-ZZ:',
      'planning:AB-123-CD:first',
      'planning:AB-123-CD:second',
      'planning:ZZ-999-ZZ:full',
    ]);
    expect(byDay.get('2025-03-19')).toHaveLength(1);
    expect(daysWithEntries(byDay, '2025-03-19', '2025-03-31')).toEqual(['2025-03-19']);
  });

  it('spreads a maintenance over the days it covers, once per vehicle and day, within the days shown', () => {
    const span = maintenance('2025-03-10', '2025-03-10T08:00:00', '2025-03-12T18:00:00');
    const perDay = ['2025-03-11', '2025-03-12'].map((d) => maintenance(d, `${d}T00:00:00`, `${d}T23:59:59`));
    const byDay = groupEntriesByDay([span, ...perDay]);
    expect([...byDay.keys()].sort()).toEqual(['2025-03-10', '2025-03-11', '2025-03-12']);
    expect([...byDay.values()].every((list) => list.length === 1)).toBe(true);

    const long = maintenance('2023-01-01', '2023-01-01T00:00:00', '2026-01-01T00:00:00');
    const shown = groupEntriesByDay([long], { from: '2025-03-01', to: '2025-03-31' });
    expect(shown.size).toBe(31);
    expect(daysWithEntries(shown, '2025-03-30', '2025-04-30')).toEqual(['2025-03-30', '2025-03-31']);
  });

  it('reads a maintenance record\'s dates: an end at midnight ends the day before', () => {
    const record = { ...maintenance('2030-03-06', '2030-03-06T09:00:00', '2030-03-08T00:00:00'), maintenance_id: 'm1' };
    expect(maintenanceDays(record, null)).toEqual(['2030-03-06', '2030-03-07']);
    expect(maintenanceSpan(record)).toBe('du 06/03/2030 09:00 au 07/03/2030');
    expect(maintenanceSpan({ ...record, end_date: '2030-03-06T12:30:00' })).toBe('le 06/03/2030 de 09:00 à 12:30');
    expect(entryTitle(record)).toBe('Entretien · ZZ-999-ZZ · du 06/03/2030 09:00 au 07/03/2030');
    // Put in maintenance by hand: no dates to tell.
    expect(maintenanceSpan(maintenance('2030-03-06', '2030-03-06T00:00:00', '2030-03-31T23:59:59'))).toBe('');
  });

  it('gives preview entries (no id yet) distinct keys', () => {
    const keys = [entry('2025-03-18', taxi, awa, 'first'), entry('2025-03-18', taxi, koffi, 'second'), entry('2025-03-18', van)].map(entryKey);
    expect(new Set(keys).size).toBe(3);
    expect(entryKey(entry('2025-03-18', taxi, awa, 'full', { id: 'e1' }))).toBe('e1');
  });
});

describe('confirming a preview', () => {
  const third: TPlanningVehicleRef = { id: 'v3', label: null, registration_number: 'CC-333-CC', brand: null, model: null };
  const preview: TPlanningPreview = {
    start_date: '2025-03-01T00:00:00',
    end_date: '2025-03-31T23:59:59',
    entries: [entry('2025-03-18', taxi, awa, 'full', { is_salary_day: true }), entry('2025-03-19', taxi, koffi, 'full', { role: 'interim' })],
    conflicts: [
      { date: '2025-03-20', vehicle: van, driver: awa, reason: 'day_off', message: 'Jour de repos', replaced_by: null },
      { date: '2025-03-02', vehicle: van, driver: null, reason: 'vehicle_maintenance', message: 'En entretien', replaced_by: null },
      { date: '2025-03-02', vehicle: third, driver: null, reason: 'not_configured', message: 'Non configuré', replaced_by: null },
    ],
    vehicles_without_planning: [{ vehicle: third, message: 'Aucun planning' }],
    past_recipes: { count: 0, total: 0 },
  };

  it('sends every planned entry and replaces the vehicles it planned or found in conflict, not the unconfigured ones', () => {
    const body = confirmBody(preview, ['v3']);
    expect(body.start_date).toBe('2025-03-01');
    expect(body.end_date).toBe('2025-03-31');
    expect(body.vehicle_ids.sort()).toEqual(['v1', 'v2']);
    expect(body.entries).toEqual([
      { date: '2025-03-18', vehicle_id: 'v1', driver_id: 'd1', slot: 'full', is_salary_day: true, role: 'principal' },
      { date: '2025-03-19', vehicle_id: 'v1', driver_id: 'd2', slot: 'full', is_salary_day: false, role: 'interim' },
    ]);
  });

  it('lists conflicts by day, in order', () => {
    expect(conflictsByDay(preview.conflicts).map(([d, list]) => [d, list.length])).toEqual([
      ['2025-03-02', 2],
      ['2025-03-20', 1],
    ]);
  });
});
