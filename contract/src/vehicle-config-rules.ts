/**
 * The rules of a vehicle's work planning that the form needs while the person fills it in (which
 * days are selectable, what a change clears, the driver-count warning) and that the schema in
 * vehicles.ts enforces on submit. Zod-free and pure, so the form and the server share one reading
 * of spec 000 sections 4 and 5.
 */

export const WORK_PLANNINGS = ['hourly', 'daily', 'weekly'] as const;
export type TWorkPlanning = (typeof WORK_PLANNINGS)[number];

/** Weeks start on Monday: day 1 is Monday, day 7 Sunday (spec 000 section 9). */
export const WEEK_DAYS = [
  { id: 1, name: 'Lundi' },
  { id: 2, name: 'Mardi' },
  { id: 3, name: 'Mercredi' },
  { id: 4, name: 'Jeudi' },
  { id: 5, name: 'Vendredi' },
  { id: 6, name: 'Samedi' },
  { id: 7, name: 'Dimanche' },
] as const;
export const ALL_DAYS: readonly number[] = WEEK_DAYS.map((d) => d.id);

/** Hourly planning splits the service in two: 1 = start to handover, 2 = handover to end. */
export const HOUR_INTERVALS = [
  { id: 1, name: 'Première période' },
  { id: 2, name: 'Deuxième période' },
] as const;

export const MAX_DRIVERS = 2;
export const ALTERNATION_MIN = 1;
export const ALTERNATION_MAX = 3;

export const CONFIG_DEFAULTS = {
  start_date: '08:30',
  end_date: '18:30',
  passation_date: '12:30',
  work_program: 'driver_in_turn',
  salary_day_id: 1,
} as const;

export const RECIPE_DEFAULTS = {
  collect_time: '20:30',
  freequency: 'daily',
  collection_method: 'both',
} as const;

/** The planning form's messages, to the letter of spec 000 section 5 where it words them. */
export const CONFIG_MESSAGES = {
  startBeforeEnd: "L'heure de début doit être antérieure à l'heure de fin",
  passationBetween: "L'heure de passation doit être comprise entre l'heure de début et de fin",
  duplicateDriver: 'Ce chauffeur est déjà affecté à ce véhicule',
  profilesInvalid: 'Veuillez corriger les erreurs de configuration des chauffeurs',
  hourlyDistinctSlots: 'En mode horaire, chaque chauffeur doit avoir un créneau horaire différent',
  hourlySlotRequired: 'Un intervalle horaire doit être sélectionné',
  workDaysRequired: 'Au moins un chauffeur doit avoir des jours de travail configurés',
  driverCardWorkDayRequired: 'Au moins un jour de travail doit être sélectionné',
  // Not worded by the spec: ours.
  workPlanningRequired: 'Veuillez sélectionner le programme de travail',
  numberDrivers: 'Le nombre de chauffeurs doit être 1 ou 2',
  hourlyNeedsTwoDrivers: 'Le mode horaire nécessite 2 chauffeurs',
  alternationNeedsTwoDrivers: "L'alternance automatique nécessite 2 chauffeurs et un programme journalier ou hebdomadaire",
  alternatingDays: "L'alternance doit être de 1 à 3 jours",
  alternatingWeeks: "L'alternance doit être de 1 à 3 semaines",
  alternationStart: "La date de début de l'alternance est requise",
  firstDriverNotAssigned: "Le premier chauffeur de l'alternance doit faire partie des chauffeurs affectés",
  salaryDay: 'Le jour de paie doit être un jour de la semaine (1 à 7)',
  workDayIsSalaryDay: 'Le jour de paie ne peut pas être un jour de travail',
  workDayTaken: "Ce jour de travail est déjà attribué à l'autre chauffeur",
  workDay: 'Jour de travail invalide (1 à 7)',
  driverRequired: 'Veuillez sélectionner un chauffeur',
  noDriver: 'Veuillez affecter au moins un chauffeur au véhicule',
  time: 'Heure invalide (format attendu HH:mm)',
  date: 'Date invalide (format attendu yyyy-MM-dd)',
} as const;

export const RECIPE_MESSAGES = {
  collectionType: 'Veuillez sélectionner le type de recette',
  collectionMethod: 'Veuillez sélectionner le mode de collecte',
  frequency: 'Veuillez sélectionner la fréquence de paiement',
  amountRequired: "Le montant de l'objectif est requis",
  amountPositive: 'Le montant doit être supérieur à 0',
  amountInvalid: 'Montant invalide',
  monthlyDay: 'Veuillez sélectionner le jour du mois (1 à 31)',
  collectDay: 'Veuillez sélectionner le jour de collecte',
} as const;

/** 'Nombre maximum de chauffeurs atteint (N)': more drivers than the configuration allows. */
export function maxDriversMessage(n: number): string {
  return `Nombre maximum de chauffeurs atteint (${n})`;
}

/** The warning shown when lowering the driver count drops the extra drivers. */
export function driverCountReducedMessage(n: number): string {
  return `Nombre de chauffeurs réduit à ${n}`;
}

/** 'HH:mm' to minutes after midnight, or NaN when it is not a time of day. */
export function timeToMinutes(hhmm: string | null | undefined): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** What the rules below read of a configuration (the form's values or a saved one). */
export interface ConfigRuleInput {
  work_planning?: TWorkPlanning | null;
  number_drivers?: number | null;
  alternation?: boolean | null;
  salary_day_config?: boolean | null;
  salary_day_id?: number | null;
  profiles?: readonly { driver_id?: string | null; work_day?: readonly number[] | null; hour_interval_id?: number | null }[] | null;
}

/** Hourly planning is offered only to a vehicle shared by 2 drivers. */
export function hourlyAllowed(numberDrivers: number | null | undefined): boolean {
  return numberDrivers === 2;
}

/**
 * Automatic alternation applies only when the planning is not hourly, the mode is automatic and the
 * vehicle has 2 drivers; then the days are computed and nobody picks work days.
 */
export function isAutoAlternation(c: ConfigRuleInput): boolean {
  return !!c.alternation && c.work_planning !== 'hourly' && c.work_planning != null && c.number_drivers === 2;
}

/** The salary day when salary-day configuration is on, else null. */
export function salaryDayOf(c: ConfigRuleInput): number | null {
  return c.salary_day_config ? (c.salary_day_id ?? CONFIG_DEFAULTS.salary_day_id) : null;
}

/**
 * Two drivers sharing the week by days (daily planning, no automatic alternation) can't both take
 * the same day; in weekly and hourly plannings they may.
 */
export function daysAreExclusive(c: ConfigRuleInput): boolean {
  return c.work_planning === 'daily' && c.number_drivers === 2 && !isAutoAlternation(c);
}

/**
 * The work days the driver at `index` may pick: every day but the salary day and, when days are
 * exclusive, the other drivers' days. None under automatic alternation (its days are computed).
 */
export function selectableWorkDays(c: ConfigRuleInput, index: number): number[] {
  if (isAutoAlternation(c)) return [];
  const salary = salaryDayOf(c);
  const taken = new Set<number>();
  if (daysAreExclusive(c)) {
    (c.profiles ?? []).forEach((p, i) => {
      if (i !== index) for (const d of p.work_day ?? []) taken.add(d);
    });
  }
  return ALL_DAYS.filter((d) => d !== salary && !taken.has(d));
}

/** Lowering the driver count drops the drivers beyond it, with the warning the form shows. */
export function reduceDrivers<P>(profiles: readonly P[], numberDrivers: number): { profiles: P[]; warning: string | null } {
  if (profiles.length <= numberDrivers) return { profiles: [...profiles], warning: null };
  return { profiles: profiles.slice(0, numberDrivers), warning: driverCountReducedMessage(numberDrivers) };
}

/** The hour slot the other driver of an hourly planning should take once one is chosen. */
export function otherSlot(slot: number): 1 | 2 {
  return slot === 1 ? 2 : 1;
}

/**
 * The year-of-circulation choices: 30 years counting back from the current one, newest first
 * (spec 000 section 9 says "from 2025": the list moves on with the calendar).
 */
export function circulationYears(currentYear: number): number[] {
  return Array.from({ length: 30 }, (_, i) => currentYear - i);
}

export function circulationYearMessage(currentYear: number): string {
  return `L'année de mise en circulation doit être comprise entre ${currentYear - 29} et ${currentYear}`;
}

/**
 * The configuration counts as valid (spec 000 section 3) when salary-day configuration is set,
 * there is at least one driver allowed and at least one driver assigned.
 */
export function isConfigValid(c: ConfigRuleInput): boolean {
  return typeof c.salary_day_config === 'boolean' && (c.number_drivers ?? 0) > 0 && (c.profiles ?? []).some((p) => !!p.driver_id);
}

// ------------------------------------------------------------ what a change in the form clears
// Each returns the fields to set (a patch), so a react-hook-form setValue loop or a reducer can
// apply it; the schema applies the same clearing on submit, so a form that skips them still
// stores a coherent configuration.

/** Leaving hourly clears the handover; hourly needs 2 drivers, so it also turns 1 driver into 2. */
export function workPlanningChange(c: ConfigRuleInput, next: TWorkPlanning) {
  return {
    work_planning: next,
    passation_date: next === 'hourly' ? CONFIG_DEFAULTS.passation_date : null,
    ...(next === 'hourly' ? { number_drivers: 2, alternation: false } : {}),
    ...(next !== 'hourly' ? { profiles: (c.profiles ?? []).map((p) => ({ ...p, hour_interval_id: null })) } : {}),
  };
}

/** Choosing manual alternation clears the alternation period, its start and its first driver. */
export function alternationChange(on: boolean) {
  return on
    ? { alternation: true }
    : { alternation: false, alternating_days: null, alternating_weeks: null, start_alternation_at: null, first_driver_alternation_id: null };
}

/** Enabling the salary day picks Monday (1); disabling clears it. */
export function salaryDayConfigChange(on: boolean) {
  return { salary_day_config: on, salary_day_id: on ? CONFIG_DEFAULTS.salary_day_id : null };
}

/**
 * A new driver count: the extra drivers go (with the warning), and 1 driver can neither be
 * hourly nor alternate automatically.
 */
export function numberDriversChange<P>(c: ConfigRuleInput & { profiles?: readonly P[] | null }, n: number) {
  const { profiles, warning } = reduceDrivers((c.profiles ?? []) as readonly P[], n);
  const single = n < 2;
  return {
    patch: {
      number_drivers: n,
      profiles,
      ...(single && c.work_planning === 'hourly' ? { work_planning: 'daily' as const, passation_date: null } : {}),
      ...(single ? alternationChange(false) : {}),
    },
    warning,
  };
}
