import { describe, expect, it } from 'vitest';
import {
  alternationChange,
  circulationYears,
  driverCountReducedMessage,
  isAutoAlternation,
  isConfigValid,
  maxDriversMessage,
  numberDriversChange,
  reduceDrivers,
  salaryDayConfigChange,
  selectableWorkDays,
  timeToMinutes,
  workPlanningChange,
} from './vehicle-config-rules.ts';

const A = { driver_id: 'a', work_day: [1, 2], hour_interval_id: null };
const B = { driver_id: 'b', work_day: [3], hour_interval_id: null };

describe('selectable work days', () => {
  it('leaves out the salary day', () => {
    expect(selectableWorkDays({ work_planning: 'daily', number_drivers: 1, salary_day_config: true, salary_day_id: 7, profiles: [A] }, 0)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("leaves out the other driver's days in daily planning with 2 drivers", () => {
    const c = { work_planning: 'daily' as const, number_drivers: 2, salary_day_config: true, salary_day_id: 1, profiles: [A, B] };
    expect(selectableWorkDays(c, 0)).toEqual([2, 4, 5, 6, 7]);
    expect(selectableWorkDays(c, 1)).toEqual([3, 4, 5, 6, 7]);
  });

  it("keeps the other driver's days in weekly and hourly planning", () => {
    expect(selectableWorkDays({ work_planning: 'weekly', number_drivers: 2, profiles: [A, B] }, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(selectableWorkDays({ work_planning: 'hourly', number_drivers: 2, profiles: [A, B] }, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('offers none under automatic alternation (its days are computed)', () => {
    expect(selectableWorkDays({ work_planning: 'daily', number_drivers: 2, alternation: true, profiles: [A, B] }, 0)).toEqual([]);
  });
});

describe('automatic alternation', () => {
  it('applies only with 2 drivers and a planning that is not hourly', () => {
    expect(isAutoAlternation({ work_planning: 'daily', number_drivers: 2, alternation: true })).toBe(true);
    expect(isAutoAlternation({ work_planning: 'weekly', number_drivers: 2, alternation: true })).toBe(true);
    expect(isAutoAlternation({ work_planning: 'hourly', number_drivers: 2, alternation: true })).toBe(false);
    expect(isAutoAlternation({ work_planning: 'daily', number_drivers: 1, alternation: true })).toBe(false);
    expect(isAutoAlternation({ work_planning: 'daily', number_drivers: 2, alternation: false })).toBe(false);
  });
});

describe('driver count', () => {
  it("drops the extra drivers with the spec's warning", () => {
    expect(reduceDrivers([A, B], 1)).toEqual({ profiles: [A], warning: 'Nombre de chauffeurs réduit à 1' });
    expect(reduceDrivers([A], 2)).toEqual({ profiles: [A], warning: null });
    expect(driverCountReducedMessage(1)).toBe('Nombre de chauffeurs réduit à 1');
    expect(maxDriversMessage(2)).toBe('Nombre maximum de chauffeurs atteint (2)');
  });

  it('turns hourly planning and alternation off when going down to 1 driver', () => {
    const { patch, warning } = numberDriversChange({ work_planning: 'hourly', number_drivers: 2, alternation: true, profiles: [A, B] }, 1);
    expect(warning).toBe('Nombre de chauffeurs réduit à 1');
    expect(patch).toMatchObject({ number_drivers: 1, profiles: [A], work_planning: 'daily', passation_date: null, alternation: false, alternating_days: null });
  });
});

describe('what a change clears', () => {
  it('clears the handover when leaving hourly, sets its default when choosing it', () => {
    expect(workPlanningChange({ profiles: [{ ...A, hour_interval_id: 1 }] }, 'daily')).toMatchObject({ passation_date: null, profiles: [{ hour_interval_id: null }] });
    expect(workPlanningChange({}, 'hourly')).toMatchObject({ passation_date: '12:30', number_drivers: 2 });
  });

  it('clears the alternation period, start and first driver when choosing manual', () => {
    expect(alternationChange(false)).toEqual({ alternation: false, alternating_days: null, alternating_weeks: null, start_alternation_at: null, first_driver_alternation_id: null });
  });

  it('defaults the salary day to Monday when enabled and clears it when disabled', () => {
    expect(salaryDayConfigChange(true)).toEqual({ salary_day_config: true, salary_day_id: 1 });
    expect(salaryDayConfigChange(false)).toEqual({ salary_day_config: false, salary_day_id: null });
  });
});

describe('small rules', () => {
  it('reads times of day', () => {
    expect(timeToMinutes('08:30')).toBe(510);
    expect(timeToMinutes('24:00')).toBeNaN();
  });

  it('offers 30 years of circulation, newest first', () => {
    const years = circulationYears(2026);
    expect(years).toHaveLength(30);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1997);
  });

  it('counts a configuration valid with the salary setting given, drivers allowed and one assigned', () => {
    expect(isConfigValid({ salary_day_config: false, number_drivers: 1, profiles: [A] })).toBe(true);
    expect(isConfigValid({ number_drivers: 1, profiles: [A] })).toBe(false);
    expect(isConfigValid({ salary_day_config: true, number_drivers: 1, profiles: [] })).toBe(false);
  });
});
