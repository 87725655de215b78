import { describe, expect, it } from 'vitest';
import { CONFIG_MESSAGES } from '@flotte/contract/vehicles';
import {
  addDriver,
  changeAlternation,
  changeNumberDrivers,
  changeProfile,
  changeSalaryDay,
  changeSalaryDayConfig,
  changeWorkPlanning,
  parsePlanning,
  planningDefaults,
  planningIssues,
  planningSummary,
  visibleIssue,
  type PlanningValues,
} from './planning-form.ts';

const A = '0190a1b2-0000-7000-8000-00000000000a';
const B = '0190a1b2-0000-7000-8000-00000000000b';
const twoDrivers = (): PlanningValues => addDriver(addDriver(changeNumberDrivers(planningDefaults(), 2).values, A), B);

describe('work-planning form', () => {
  it('starts with the spec defaults: 08:30 to 18:30, daily, one driver, no handover', () => {
    const v = planningDefaults();
    expect(v).toMatchObject({ start_date: '08:30', end_date: '18:30', passation_date: null, work_planning: 'daily', number_drivers: 1, work_program: 'driver_in_turn' });
  });

  it('asks for a driver and work days, but only once the person tried to go on', () => {
    const issues = planningIssues(planningDefaults());
    expect(issues.get('profiles')).toBe(CONFIG_MESSAGES.noDriver);
    expect(visibleIssue(issues, 'profiles', false)).toBeUndefined();
    expect(visibleIssue(issues, 'profiles', true)).toBe(CONFIG_MESSAGES.noDriver);

    const oneDriver = addDriver(planningDefaults(), A);
    expect(planningIssues(oneDriver).get('profiles.0.work_day')).toBe(CONFIG_MESSAGES.workDaysRequired);
    expect(parsePlanning(changeProfile(oneDriver, 0, { work_day: [1, 2, 3] }))).not.toBeNull();
  });

  it('shows a contradiction at once: the start after the end, a handover outside the service', () => {
    const late = { ...addDriver(planningDefaults(), A), start_date: '19:00' };
    expect(visibleIssue(planningIssues(late), 'start_date', false)).toBe(CONFIG_MESSAGES.startBeforeEnd);

    const hourly = changeWorkPlanning(twoDrivers(), 'hourly');
    expect(hourly.passation_date).toBe('12:30');
    expect(visibleIssue(planningIssues({ ...hourly, passation_date: '20:00' }), 'passation_date', false)).toBe(CONFIG_MESSAGES.passationBetween);
  });

  it('hourly: taking a slot hands the other one to the other driver; leaving hourly clears the handover and slots', () => {
    let v = changeWorkPlanning(twoDrivers(), 'hourly');
    v = changeProfile(v, 0, { hour_interval_id: 2 });
    expect(v.profiles.map((p) => p.hour_interval_id)).toEqual([2, 1]);
    // Both may drive the same days: each has their half of the service.
    v = changeProfile(changeProfile(v, 0, { work_day: [1, 2, 3, 4, 5] }), 1, { work_day: [1, 2, 3, 4, 5] });
    expect(parsePlanning(v)).not.toBeNull();
    const daily = changeWorkPlanning(v, 'daily');
    expect(daily.passation_date).toBeNull();
    expect(daily.profiles.every((p) => p.hour_interval_id === null)).toBe(true);
  });

  it('two drivers in daily planning cannot share a day, and the salary day leaves their days', () => {
    let v = changeProfile(twoDrivers(), 0, { work_day: [1, 2, 3] });
    v = changeProfile(v, 1, { work_day: [3, 4] });
    expect(planningIssues(v).get('profiles.1.work_day')).toBe(CONFIG_MESSAGES.workDayTaken);
    v = changeProfile(v, 1, { work_day: [4, 5] });
    expect(parsePlanning(v)).not.toBeNull();

    v = changeSalaryDayConfig(v, true);
    expect(v.salary_day_id).toBe(1);
    expect(v.profiles[0]!.work_day).toEqual([2, 3]); // Monday became the salary day
    v = changeSalaryDay(v, 5);
    expect(v.profiles[1]!.work_day).toEqual([4]);
    expect(changeSalaryDayConfig(v, false).salary_day_id).toBeNull();
  });

  it('automatic alternation starts today, every day, first driver first, and needs no work days', () => {
    const v = changeAlternation(twoDrivers(), true);
    expect(v).toMatchObject({ alternation: true, alternating_days: 1, first_driver_alternation_id: A });
    expect(v.start_alternation_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const parsed = parsePlanning(v);
    expect(parsed).toMatchObject({ alternation: true, alternating_days: 1, alternating_weeks: null });
    expect(parsed!.profiles.map((p) => p.work_day)).toEqual([[], []]);

    expect(planningIssues({ ...v, alternating_days: 4 }).get('alternating_days')).toBe(CONFIG_MESSAGES.alternatingDays);
    expect(changeAlternation(v, false)).toMatchObject({ alternation: false, alternating_days: null, start_alternation_at: null, first_driver_alternation_id: null });
  });

  it('lowering the driver count drops the extra driver with the warning, and leaves hourly', () => {
    const hourly = changeWorkPlanning(twoDrivers(), 'hourly');
    const { values, warning } = changeNumberDrivers(hourly, 1);
    expect(warning).toBe('Nombre de chauffeurs réduit à 1');
    expect(values.profiles.map((p) => p.driver_id)).toEqual([A]);
    expect(values.work_planning).toBe('daily');
    expect(values.passation_date).toBeNull();
  });

  it('sums the configuration up in words', () => {
    const v = changeAlternation(twoDrivers(), true);
    const drivers = new Map([
      [A, { id: A, first_name: 'Moussa', last_name: 'Ndiaye', phone: null, image: null }],
      [B, { id: B, first_name: 'Awa', last_name: 'Diallo', phone: null, image: null }],
    ]);
    const lines = planningSummary(v, drivers);
    expect(lines[0]).toBe('Programme journalier, 2 chauffeurs au maximum');
    expect(lines.some((l) => l.startsWith('Alternance automatique chaque jour') && l.endsWith('Moussa Ndiaye en premier'))).toBe(true);
  });
});
