import type { TPlanningEntry, TPlanningSlot, TPlanningVehicleRef } from './planning-types.ts';

// Test data shared by the planning's unit tests: two vehicles, two drivers, and an entry as the
// server sends it (a half day hands over at 12:30).
export const taxi: TPlanningVehicleRef = { id: 'v1', label: 'Taxi 12', registration_number: 'AB-123-CD', brand: null, model: null };
export const van: TPlanningVehicleRef = { id: 'v2', label: null, registration_number: 'ZZ-999-ZZ', brand: null, model: null };
export const awa = { id: 'd1', first_name: 'Awa', last_name: 'Diallo', image: null };
export const koffi = { id: 'd2', first_name: 'Koffi', last_name: 'Yao', image: null };

export function planningEntry(
  date: string,
  vehicle: TPlanningVehicleRef = taxi,
  driver = awa,
  slot: TPlanningSlot = 'full',
  extra: Partial<TPlanningEntry> = {},
): TPlanningEntry {
  const [start, end] = slot === 'second' ? ['12:30', '18:30'] : slot === 'first' ? ['08:30', '12:30'] : ['08:30', '18:30'];
  return {
    id: null,
    date,
    start_date: `${date}T${start}:00`,
    end_date: `${date}T${end}:00`,
    passation_date: slot === 'full' ? null : `${date}T12:30:00`,
    slot,
    is_salary_day: false,
    role: 'principal',
    rotation_group_id: null,
    vehicle,
    driver,
    full_half: slot === 'full' ? driver : null,
    first_half: slot === 'first' ? driver : null,
    second_half: slot === 'second' ? driver : null,
    salary_profile: null,
    type: 'planning',
    ...extra,
  };
}
