import {
  alternationChange,
  CONFIG_DEFAULTS,
  CONFIG_MESSAGES,
  HOUR_INTERVALS,
  isAutoAlternation,
  numberDriversChange,
  salaryDayConfigChange,
  salaryDayOf,
  WEEK_DAYS,
  workPlanningChange,
  ZVehicleConfig,
  type TVehicleConfigParsed,
  type TVehicleConfigView,
  type TWorkPlanning,
} from '@flotte/contract/vehicles';

/**
 * The work-planning form (wizard step 2 and the 'planning' update). Its values are the contract's
 * ZVehicleConfig input; every change goes through the contract's rule helpers (what a change
 * clears, which days stay selectable) and the whole configuration is checked by ZVehicleConfig on
 * every change, so the cards show the server's own verdict while the person fills them in.
 */
export interface PlanningProfile {
  driver_id: string;
  start_work_at: string | null;
  work_day: number[];
  hour_interval_id: 1 | 2 | null;
}

export interface PlanningValues {
  work_planning: TWorkPlanning;
  number_drivers: 1 | 2;
  start_date: string;
  end_date: string;
  passation_date: string | null;
  alternation: boolean;
  alternating_days: number | null;
  alternating_weeks: number | null;
  start_alternation_at: string | null;
  salary_day_config: boolean;
  salary_day_id: number | null;
  first_driver_alternation_id: string | null;
  work_program: 'driver_in_turn';
  profiles: PlanningProfile[];
}

/** The driver as the cards show them (from the picker or the saved configuration). */
export interface PlanningDriver {
  id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  image: string | null;
}

export function planningDefaults(): PlanningValues {
  return {
    work_planning: 'daily',
    number_drivers: 1,
    start_date: CONFIG_DEFAULTS.start_date,
    end_date: CONFIG_DEFAULTS.end_date,
    passation_date: null,
    alternation: false,
    alternating_days: null,
    alternating_weeks: null,
    start_alternation_at: null,
    salary_day_config: false,
    salary_day_id: null,
    first_driver_alternation_id: null,
    work_program: 'driver_in_turn',
    profiles: [],
  };
}

const slot = (n: number | null): 1 | 2 | null => (n === 1 || n === 2 ? n : null);

/** The saved configuration as form values, and its drivers for the cards. */
export function planningFromView(view: TVehicleConfigView): { values: PlanningValues; drivers: PlanningDriver[] } {
  const profiles = [...view.profiles].sort((a, b) => a.position - b.position);
  return {
    values: {
      work_planning: view.work_planning,
      number_drivers: view.number_drivers === 2 ? 2 : 1,
      start_date: view.start_date,
      end_date: view.end_date,
      passation_date: view.work_planning === 'hourly' ? (view.passation_date ?? CONFIG_DEFAULTS.passation_date) : null,
      alternation: view.alternation,
      alternating_days: view.alternating_days,
      alternating_weeks: view.alternating_weeks,
      start_alternation_at: view.start_alternation_at,
      salary_day_config: view.salary_day_config,
      salary_day_id: view.salary_day_id,
      first_driver_alternation_id: view.first_driver_alternation_id,
      work_program: 'driver_in_turn',
      profiles: profiles.map((p) => ({
        driver_id: p.driver_id,
        start_work_at: p.start_work_at,
        work_day: [...p.work_day],
        hour_interval_id: slot(p.hour_interval_id),
      })),
    },
    drivers: profiles.map((p) => ({ ...p.driver, phone: p.driver.phone ?? null })),
  };
}

// ---------------------------------------------------------------- changes (the contract's rules)

type Patch = Partial<PlanningValues>;
/** The contract's patches speak in looser types (nulls, plain numbers); the form keeps its own. */
function merge(values: PlanningValues, patch: Record<string, unknown>): PlanningValues {
  return { ...values, ...(patch as Patch) };
}

/** Today as yyyy-MM-dd (the phone's calendar day; the server reads it as a day of the park). */
export function todayDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function changeWorkPlanning(values: PlanningValues, next: TWorkPlanning): PlanningValues {
  const changed = merge(values, workPlanningChange(values, next));
  return isAutoAlternation(changed) ? withAlternationDefaults(changed) : changed;
}

export function changeNumberDrivers(values: PlanningValues, n: 1 | 2): { values: PlanningValues; warning: string | null } {
  const { patch, warning } = numberDriversChange<PlanningProfile>(values, n);
  const next = merge(values, patch);
  // The first driver of an alternation must still be one of the drivers.
  if (next.first_driver_alternation_id && !next.profiles.some((p) => p.driver_id === next.first_driver_alternation_id)) {
    next.first_driver_alternation_id = next.profiles[0]?.driver_id ?? null;
  }
  return { values: next, warning };
}

/** Automatic alternation starts today, every day (or week), with the first assigned driver, unless chosen otherwise. */
function withAlternationDefaults(values: PlanningValues): PlanningValues {
  return {
    ...values,
    alternating_days: values.work_planning === 'daily' ? (values.alternating_days ?? 1) : values.alternating_days,
    alternating_weeks: values.work_planning === 'weekly' ? (values.alternating_weeks ?? 1) : values.alternating_weeks,
    start_alternation_at: values.start_alternation_at ?? todayDay(),
    first_driver_alternation_id: values.first_driver_alternation_id ?? values.profiles[0]?.driver_id ?? null,
  };
}

export function changeAlternation(values: PlanningValues, auto: boolean): PlanningValues {
  const next = merge(values, alternationChange(auto));
  return auto ? withAlternationDefaults(next) : next;
}

/** The salary day is never a work day: choosing one takes it out of the drivers' days. */
function withoutSalaryDay(values: PlanningValues): PlanningValues {
  const salary = salaryDayOf(values);
  if (salary == null) return values;
  return { ...values, profiles: values.profiles.map((p) => ({ ...p, work_day: p.work_day.filter((d) => d !== salary) })) };
}

export function changeSalaryDayConfig(values: PlanningValues, on: boolean): PlanningValues {
  return withoutSalaryDay(merge(values, salaryDayConfigChange(on)));
}

export function changeSalaryDay(values: PlanningValues, day: number): PlanningValues {
  return withoutSalaryDay({ ...values, salary_day_id: day });
}

export function addDriver(values: PlanningValues, driverId: string): PlanningValues {
  const profiles = [...values.profiles, { driver_id: driverId, start_work_at: null, work_day: [], hour_interval_id: null }];
  // In hourly planning the newcomer takes the slot left free.
  if (values.work_planning === 'hourly' && profiles.length === 2 && profiles[0]!.hour_interval_id) {
    profiles[1]!.hour_interval_id = profiles[0]!.hour_interval_id === 1 ? 2 : 1;
  }
  const next = { ...values, profiles };
  return isAutoAlternation(next) ? withAlternationDefaults(next) : next;
}

export function removeDriver(values: PlanningValues, driverId: string): PlanningValues {
  return {
    ...values,
    profiles: values.profiles.filter((p) => p.driver_id !== driverId),
    first_driver_alternation_id: values.first_driver_alternation_id === driverId ? null : values.first_driver_alternation_id,
  };
}

export function changeProfile(values: PlanningValues, index: number, patch: Partial<PlanningProfile>): PlanningValues {
  const profiles = values.profiles.map((p, i) => (i === index ? { ...p, ...patch } : p));
  // Hourly: taking a slot hands the other one to the other driver (each must differ).
  if (patch.hour_interval_id && values.work_planning === 'hourly' && profiles.length === 2) {
    const other = profiles[1 - index]!;
    profiles[1 - index] = { ...other, hour_interval_id: patch.hour_interval_id === 1 ? 2 : 1 };
  }
  return { ...values, profiles };
}

// ---------------------------------------------------------------- the live check

export type PlanningIssues = Map<string, string>;

/** The contract's verdict, keyed by path ('start_date', 'profiles.0.work_day', 'profiles'). */
export function planningIssues(values: PlanningValues): PlanningIssues {
  const result = ZVehicleConfig.safeParse(values);
  const issues: PlanningIssues = new Map();
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!issues.has(path)) issues.set(path, issue.message);
  }
  return issues;
}

export function parsePlanning(values: PlanningValues): TVehicleConfigParsed | null {
  const result = ZVehicleConfig.safeParse(values);
  return result.success ? result.data : null;
}

/**
 * What is still missing reads as an error only once the person tried to go on; a contradiction
 * between two choices (times out of order, a day taken twice) shows at once.
 */
const MISSING = new Set<string>([
  CONFIG_MESSAGES.noDriver,
  CONFIG_MESSAGES.workDaysRequired,
  CONFIG_MESSAGES.hourlySlotRequired,
  CONFIG_MESSAGES.alternationStart,
  CONFIG_MESSAGES.driverRequired,
]);

export function visibleIssue(issues: PlanningIssues, path: string, attempted: boolean): string | undefined {
  const message = issues.get(path);
  if (!message) return undefined;
  return attempted || !MISSING.has(message) ? message : undefined;
}

/** Issues about one driver's card (its days, slot or identity). */
export function profileIssue(issues: PlanningIssues, index: number, attempted: boolean): { work_day?: string; hour_interval_id?: string; driver_id?: string } {
  return {
    work_day: visibleIssue(issues, `profiles.${index}.work_day`, attempted),
    hour_interval_id: visibleIssue(issues, `profiles.${index}.hour_interval_id`, attempted),
    driver_id: visibleIssue(issues, `profiles.${index}.driver_id`, attempted),
  };
}

// ---------------------------------------------------------------- words

export const WORK_PLANNING_LABELS: Record<TWorkPlanning, string> = { hourly: 'Horaire', daily: 'Journalier', weekly: 'Hebdomadaire' };
export const WORK_PROGRAM_LABEL = 'Chauffeur à tour de rôle';

export const dayName = (id: number | null | undefined) => WEEK_DAYS.find((d) => d.id === id)?.name ?? '';
export const dayShortName = (id: number) => dayName(id).slice(0, 3);

/** 'Lundi, Mercredi et Vendredi'. */
export function dayList(days: readonly number[]): string {
  const names = [...days].sort((a, b) => a - b).map(dayName);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} et ${names.at(-1)}`;
}

/** '08:30 – 12:30' for slot 1 of an 08:30–18:30 service with a 12:30 handover. */
export function slotHours(values: Pick<PlanningValues, 'start_date' | 'end_date' | 'passation_date'>, id: 1 | 2): string {
  const handover = values.passation_date ?? CONFIG_DEFAULTS.passation_date;
  return id === 1 ? `${values.start_date} – ${handover}` : `${handover} – ${values.end_date}`;
}

export function slotLabel(id: 1 | 2): string {
  return HOUR_INTERVALS.find((h) => h.id === id)?.name ?? '';
}

/** 'chaque jour', 'tous les 2 jours', 'chaque semaine', 'toutes les 3 semaines'. */
export function alternationEvery(values: Pick<PlanningValues, 'work_planning' | 'alternating_days' | 'alternating_weeks'>): string {
  if (values.work_planning === 'weekly') {
    const n = values.alternating_weeks ?? 1;
    return n > 1 ? `toutes les ${n} semaines` : 'chaque semaine';
  }
  const n = values.alternating_days ?? 1;
  return n > 1 ? `tous les ${n} jours` : 'chaque jour';
}

const fullName = (d: PlanningDriver | undefined) => (d ? `${d.first_name} ${d.last_name}`.trim() : 'Chauffeur');

/** What one driver's card sums up: when they drive. */
export function profileSummary(values: PlanningValues, index: number): string {
  const p = values.profiles[index];
  if (!p) return '';
  if (values.work_planning === 'hourly') {
    const slot = p.hour_interval_id ? `${slotLabel(p.hour_interval_id)} (${slotHours(values, p.hour_interval_id)})` : 'Créneau horaire à choisir';
    return p.work_day.length ? `${slot}, le ${dayList(p.work_day).toLowerCase()}` : `${slot}, aucun jour de travail`;
  }
  if (isAutoAlternation(values)) {
    const first = values.first_driver_alternation_id ?? values.profiles[0]?.driver_id;
    return `En alternance ${alternationEvery(values)}${p.driver_id === first ? ', commence' : ', prend le relais'}`;
  }
  return p.work_day.length ? `Travaille le ${dayList(p.work_day).toLowerCase()}, de ${values.start_date} à ${values.end_date}` : 'Aucun jour de travail';
}

/** The configuration summary card, one line each. */
export function planningSummary(values: PlanningValues, drivers: ReadonlyMap<string, PlanningDriver>): string[] {
  const lines = [
    `Programme ${WORK_PLANNING_LABELS[values.work_planning].toLowerCase()}, ${values.number_drivers} chauffeur${values.number_drivers > 1 ? 's' : ''} au maximum`,
    values.work_planning === 'hourly'
      ? `Service de ${values.start_date} à ${values.end_date}, passation à ${values.passation_date ?? CONFIG_DEFAULTS.passation_date}`
      : `Service de ${values.start_date} à ${values.end_date}`,
  ];
  if (isAutoAlternation(values)) {
    const first = drivers.get(values.first_driver_alternation_id ?? values.profiles[0]?.driver_id ?? '');
    lines.push(`Alternance automatique ${alternationEvery(values)}${values.start_alternation_at ? ` à partir du ${formatDay(values.start_alternation_at)}` : ''}${first ? `, ${fullName(first)} en premier` : ''}`);
  }
  const salary = salaryDayOf(values);
  lines.push(salary ? `Jour de paie : ${dayName(salary)}` : 'Pas de jour de paie');
  values.profiles.forEach((p, i) => lines.push(`${fullName(drivers.get(p.driver_id))} : ${profileSummary(values, i)}`));
  if (values.profiles.length === 0) lines.push('Aucun chauffeur affecté');
  return lines;
}

/** yyyy-MM-dd to dd/MM/yyyy without going through a Date (no time-zone shift). */
export function formatDay(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
