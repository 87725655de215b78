import { describe, expect, it } from 'vitest';
import { displayStatus, ZRecipeConfig, ZVehicleConfig, ZVehicleInput } from './vehicles.ts';

const D1 = '0190a0b0-0000-7000-8000-000000000001';
const D2 = '0190a0b0-0000-7000-8000-000000000002';

function messages(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('ZVehicleConfig (the planning form and the server)', () => {
  it('fills the defaults and clears what the choices make meaningless', () => {
    const r = ZVehicleConfig.parse({
      work_planning: 'daily',
      number_drivers: '1',
      passation_date: '13:00',
      alternation: 'false',
      alternating_days: 2,
      salary_day_config: 'true',
      profiles: [{ driver_id: D1, work_day: [{ day_id: 3 }, 2, 2], hour_interval_id: 1 }],
    });
    expect(r).toMatchObject({
      start_date: '08:30',
      end_date: '18:30',
      passation_date: null,
      alternation: false,
      alternating_days: null,
      salary_day_id: 1,
      work_program: 'driver_in_turn',
      profiles: [{ driver_id: D1, work_day: [2, 3], hour_interval_id: null, start_work_at: null }],
    });
  });

  it('keeps the handover in hourly planning (default 12:30)', () => {
    const r = ZVehicleConfig.parse({
      work_planning: 'hourly',
      number_drivers: 2,
      profiles: [{ driver_id: D1, hour_interval_id: 1, work_day: [1] }, { driver_id: D2, hour_interval_id: '2' }],
    });
    expect(r.passation_date).toBe('12:30');
    expect(r.profiles.map((p) => p.hour_interval_id)).toEqual([1, 2]);
  });

  it('computes days under automatic alternation: no work days, the first driver by default', () => {
    const r = ZVehicleConfig.parse({
      work_planning: 'weekly',
      number_drivers: 2,
      alternation: true,
      alternating_weeks: 2,
      alternating_days: 3,
      start_alternation_at: '2026-03-02',
      profiles: [{ driver_id: D1, work_day: [1] }, { driver_id: D2 }],
    });
    expect(r).toMatchObject({ alternation: true, alternating_weeks: 2, alternating_days: null, first_driver_alternation_id: D1 });
    expect(r.profiles.map((p) => p.work_day)).toEqual([[], []]);
  });

  it("refuses what the spec refuses, with the spec's messages", () => {
    const r = ZVehicleConfig.safeParse({
      work_planning: 'daily',
      number_drivers: 1,
      start_date: '18:00',
      end_date: '08:00',
      profiles: [{ driver_id: D1 }, { driver_id: D1 }],
    });
    expect(messages(r)).toEqual([
      ['start_date', "L'heure de début doit être antérieure à l'heure de fin"],
      ['profiles', 'Nombre maximum de chauffeurs atteint (1)'],
      ['profiles.1.driver_id', 'Ce chauffeur est déjà affecté à ce véhicule'],
      ['profiles.0.work_day', 'Au moins un chauffeur doit avoir des jours de travail configurés'],
    ]);
  });
});

describe('ZRecipeConfig', () => {
  it('defaults to daily collection at 20:30, cash or mobile money', () => {
    expect(ZRecipeConfig.parse({ collection_type: 'recipe_objective', amount: '15000' })).toEqual({
      manage_in_vtc: true,
      collection_method: 'both',
      collection_type: 'recipe_objective',
      amount: 15000,
      salary_amount: null,
      freequency: 'daily',
      monthly_day: null,
      collect_day: null,
      collect_time: '20:30',
    });
  });
});

describe('ZVehicleInput', () => {
  it('reads form data: ids as strings, tags as JSON objects or a comma list, the plate in capitals', () => {
    const r = ZVehicleInput.parse({ vehicle_type_id: '1', brand_id: '1', model_id: '2', color_id: '3', registration_number: ' lt-123-ab ', tags: 'VIP, Clim, vip' });
    expect(r).toMatchObject({ vehicle_type_id: 1, registration_number: 'LT-123-AB', tags: ['VIP', 'Clim'] });
    expect(ZVehicleInput.parse({ vehicle_type_id: 1, brand_id: 1, model_id: 2, color_id: 3, registration_number: 'X', tags: '[{"name":"Taxi"}]' }).tags).toEqual(['Taxi']);
  });
});

describe('displayStatus', () => {
  it('shows an active vehicle without a driver today as neutral', () => {
    expect(displayStatus('active', false)).toBe('neutral');
    expect(displayStatus('active', true)).toBe('active');
    expect(displayStatus('maintain', false)).toBe('maintain');
  });
});
