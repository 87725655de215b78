import { describe, expect, it } from 'vitest';
import { assignableVehicles, vehicleOptionLabel } from './group-form.ts';
import type { GroupableVehicle } from './vehicle-groups-api.ts';

const vehicle = (id: string, group: GroupableVehicle['group']): GroupableVehicle => ({
  id,
  label: null,
  registration_number: `LT-${id}`,
  brand: { id: 1, name: 'Toyota' },
  model: { id: 1, name: 'Corolla' },
  group,
});

describe('group form', () => {
  it('offers vehicles in no group, and the group’s own', () => {
    const list = [vehicle('a', null), vehicle('b', { id: 'g1', title: 'Nord' }), vehicle('c', { id: 'g2', title: 'Sud' })];
    expect(assignableVehicles(list, null).map((v) => v.id)).toEqual(['a']);
    expect(assignableVehicles(list, 'g1').map((v) => v.id)).toEqual(['a', 'b']);
  });

  it('names a vehicle by its plate, then its label or make', () => {
    expect(vehicleOptionLabel(vehicle('a', null))).toBe('LT-a · Toyota Corolla');
    expect(vehicleOptionLabel({ registration_number: 'LT-1', label: 'Taxi 4' })).toBe('LT-1 · Taxi 4');
    expect(vehicleOptionLabel({ registration_number: 'LT-1', label: null })).toBe('LT-1');
  });
});
