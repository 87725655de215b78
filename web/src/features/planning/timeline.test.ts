import { describe, expect, it } from 'vitest';
import { daysBetween } from './calendar-grid.ts';
import { awa, koffi, planningEntry, taxi, van } from './planning-fixtures.ts';
import type { TMaintenanceEntry, TPlanningEntry, TPlanningSlot, TPlanningVehicleRef } from './planning-types.ts';
import { agendaItems, buildTimelineRows, cellEntries, dayRangeOf, driverColor, driverInitials, DRIVER_COLORS, isSplit, rowsOnDay } from './timeline.ts';

const taxi2: TPlanningVehicleRef = { id: 'v3', label: 'Taxi 2', registration_number: 'AB-002-CD', brand: null, model: null };

/** A distinct id per vehicle, day and slot, as the grid keys its cells. */
const entry = (date: string, vehicle: TPlanningVehicleRef, driver = awa, slot: TPlanningSlot = 'full'): TPlanningEntry =>
  planningEntry(date, vehicle, driver, slot, { id: `${vehicle.id}-${date}-${slot}` });
const maintenance = (vehicle: TPlanningVehicleRef, from: string, to: string): TMaintenanceEntry => ({
  type: 'entretien',
  maintenance_id: null,
  date: from,
  start_date: `${from}T00:00:00`,
  end_date: `${to}T23:59:59`,
  vehicle,
});
const range = { from: '2025-03-17', to: '2025-03-23' };

describe('timeline rows', () => {
  it('gives one row per vehicle, ordered by name with numbers read as numbers, one cell per day', () => {
    const rows = buildTimelineRows([entry('2025-03-18', van), entry('2025-03-18', taxi), entry('2025-03-19', taxi, koffi), entry('2025-03-18', taxi2)], range);
    expect(rows.map((r) => r.vehicle.id)).toEqual(['v3', 'v1', 'v2']); // Taxi 2, Taxi 12, ZZ-999-ZZ
    const taxiRow = rows[1]!;
    expect([...taxiRow.cells.keys()].sort()).toEqual(['2025-03-18', '2025-03-19']);
    expect(taxiRow.cells.get('2025-03-19')!.full!.driver.id).toBe('d2');
    expect(isSplit(taxiRow.cells.get('2025-03-19'))).toBe(false);
  });

  it('splits an hourly day in two, before then after the handover', () => {
    const [row] = buildTimelineRows([entry('2025-03-18', taxi, koffi, 'second'), entry('2025-03-18', taxi, awa, 'first')], range);
    const cell = row!.cells.get('2025-03-18');
    expect(isSplit(cell)).toBe(true);
    expect(cellEntries(cell).map((e) => `${e.slot}:${e.driver.first_name}`)).toEqual(['first:Awa', 'second:Koffi']);
  });

  it('leaves out the padding days the server adds, and marks maintenance on every day it covers', () => {
    const rows = buildTimelineRows([entry('2025-03-16', taxi), entry('2025-03-24', taxi), maintenance(van, '2025-03-15', '2025-03-18')], range);
    expect(rows.map((r) => r.vehicle.id)).toEqual(['v2']);
    expect([...rows[0]!.cells.keys()]).toEqual(['2025-03-17', '2025-03-18']);
    expect(rows[0]!.cells.get('2025-03-17')).toEqual({ full: null, first: null, second: null, maintenance: true });
  });

  it('builds a month of 1,000 vehicles with one row each', () => {
    const vehicles = Array.from({ length: 1000 }, (_, i) => ({ ...taxi, id: `v${i}`, label: `Taxi ${i}` }));
    const days = daysBetween(new Date(2025, 2, 1), new Date(2025, 2, 31));
    const entries = vehicles.flatMap((v) => days.map((d) => entry(d.key, v)));
    const rows = buildTimelineRows(entries, dayRangeOf(days));
    expect(rows).toHaveLength(1000);
    expect(rows.every((r) => r.cells.size === 31)).toBe(true);
    expect(rows[0]!.vehicle.label).toBe('Taxi 0');
    expect(rows[999]!.vehicle.label).toBe('Taxi 999');
  });
});

describe('agenda and day lines', () => {
  it('lists each day under its heading, keeping the days without anything', () => {
    const rows = buildTimelineRows([entry('2025-03-18', taxi), entry('2025-03-18', van), entry('2025-03-20', van)], range);
    const days = daysBetween(new Date(2025, 2, 18), new Date(2025, 2, 20));
    const items = agendaItems(rows, days);
    expect(items.map((i) => (i.kind === 'day' ? `${i.day.key}(${i.count})` : i.row.vehicle.id))).toEqual([
      '2025-03-18(2)',
      'v1',
      'v2',
      '2025-03-19(0)',
      '2025-03-20(1)',
      'v2',
    ]);
    expect(rowsOnDay(rows, '2025-03-20').map((r) => r.vehicle.id)).toEqual(['v2']);
  });
});

describe('drivers', () => {
  it('gives each driver the same colour every time, spread over the palette', () => {
    expect(driverColor('d1')).toBe(driverColor('d1'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => driverColor(`01a2160e-3ff0-79c6-8254-${String(i).padStart(12, '0')}`)));
    expect(used.size).toBe(DRIVER_COLORS.length);
    expect(used.has('yellow' as never)).toBe(false);
  });

  it('writes initials for the narrow cells', () => {
    expect(driverInitials(awa)).toBe('AD');
    expect(driverInitials({ first_name: 'élodie', last_name: '' })).toBe('É');
  });
});
