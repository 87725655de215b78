import { describe, expect, it } from 'vitest';
import { PLANNING_MESSAGES } from '@flotte/contract/planning';
import { addGroupVehicles, EMPTY_ROW, rotationBody, rotationDefaults, rotationIssues, VEHICLE_REQUIRED, vehiclesInOtherGroups, type RotationFormValues } from './rotation-form.ts';
import type { TRotationGroup } from './planning-types.ts';

const V1 = '0190a1b2-0000-7000-8000-0000000000a1';
const V2 = '0190a1b2-0000-7000-8000-0000000000a2';
const V3 = '0190a1b2-0000-7000-8000-0000000000a3';
const D1 = '0190a1b2-0000-7000-8000-0000000000d1';
const D2 = '0190a1b2-0000-7000-8000-0000000000d2';

const values = (over: Partial<RotationFormValues> = {}): RotationFormValues => ({
  ...rotationDefaults(null),
  name: 'Équipe A',
  vehicles: [{ vehicle_id: V1, principal_driver_id: D1, interim_driver_id: D2 }],
  ...over,
});

const vehicle = (id: string) => ({ id, label: null, registration_number: id.slice(-2), brand: null, model: null });
const driver = (id: string) => ({ id, first_name: 'A', last_name: id.slice(-2), image: null });
const group = (id: string, vehicleIds: string[]): TRotationGroup => ({
  id,
  name: `Groupe ${id}`,
  group_id: null,
  passationType: null,
  region_id: null,
  checking: true,
  collection: false,
  planning: 'weekly',
  vehicles: vehicleIds.map((v) => ({ vehicle: vehicle(v), principal_driver: driver(D1), interim_driver: null })),
  vehiclePrincipalDriverAssignment: [],
  vehicleInterimDriverAssignment: [],
  created_at: '2025-03-01T10:00:00',
});

describe('rotation group form', () => {
  it('starts daily, options off, with one empty vehicle row; editing shows the group as it is', () => {
    expect(rotationDefaults(null)).toEqual({ name: '', group_id: null, planning: 'daily', checking: false, collection: false, vehicles: [EMPTY_ROW] });
    expect(rotationDefaults(group('g1', [V1]))).toMatchObject({
      name: 'Groupe g1',
      planning: 'weekly',
      checking: true,
      vehicles: [{ vehicle_id: V1, principal_driver_id: D1, interim_driver_id: null }],
    });
  });

  it('sends the name trimmed, the options, and only the rows filled in; with the id when editing', () => {
    const body = rotationBody(values({ name: '  Équipe A ', vehicles: [{ vehicle_id: V1, principal_driver_id: D1, interim_driver_id: null }, { ...EMPTY_ROW }] }), 'g1');
    expect(body).toEqual({
      id: 'g1',
      name: 'Équipe A',
      group_id: undefined,
      planning: 'daily',
      checking: false,
      collection: false,
      vehicles: [{ vehicle_id: V1, principal_driver_id: D1, interim_driver_id: undefined }],
    });
    expect(rotationIssues(values()).size).toBe(0);
  });

  it('asks for a name and at least one vehicle, in the contract words', () => {
    const issues = rotationIssues(values({ name: ' ', vehicles: [{ ...EMPTY_ROW }] }));
    expect(issues.get('name')).toBe(PLANNING_MESSAGES.rotationName);
    expect(issues.get('vehicles')).toBe(PLANNING_MESSAGES.rotationVehiclesRequired);
  });

  it('refuses the same driver as principal and interim, and a vehicle listed twice, on the right row', () => {
    const issues = rotationIssues(
      values({
        vehicles: [
          { ...EMPTY_ROW },
          { vehicle_id: V1, principal_driver_id: D1, interim_driver_id: D1 },
          { vehicle_id: V1, principal_driver_id: null, interim_driver_id: null },
        ],
      }),
    );
    expect(issues.get('vehicles.1.interim_driver_id')).toBe(PLANNING_MESSAGES.rotationSameDriver);
    expect(issues.get('vehicles.2.vehicle_id')).toBe(PLANNING_MESSAGES.rotationVehicleTwice);
    expect(issues.has('vehicles.0.vehicle_id')).toBe(false);
  });

  it('asks for the vehicle of a row that names drivers only', () => {
    const issues = rotationIssues(values({ vehicles: [{ vehicle_id: null, principal_driver_id: D1, interim_driver_id: null }] }));
    expect(issues.get('vehicles.0.vehicle_id')).toBe(VEHICLE_REQUIRED);
  });

  it("adds a vehicle group's vehicles once, into the empty first row, skipping those of other rotation groups", () => {
    const taken = vehiclesInOtherGroups([group('g1', [V3]), group('g2', [V2])], 'g2');
    expect([...taken]).toEqual([V3]);
    const rows = addGroupVehicles([{ ...EMPTY_ROW }], [V1, V2, V3], taken);
    expect(rows.map((r) => r.vehicle_id)).toEqual([V1, V2]);
    expect(addGroupVehicles(rows, [V2, V1]).map((r) => r.vehicle_id)).toEqual([V1, V2]);
    expect(addGroupVehicles([], [])).toEqual([EMPTY_ROW]);
  });
});
