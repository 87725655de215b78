import { z } from 'zod';
import { optional, numeric, zFormBoolean, zInt, zUuid, zDay, zTime, fromJson, zAmount } from './vehicle-form-values.ts';
import {
  ALTERNATION_MAX,
  ALTERNATION_MIN,
  CONFIG_DEFAULTS,
  RECIPE_DEFAULTS,
  WORK_PLANNINGS,
  daysAreExclusive,
  hourlyAllowed,
  isAutoAlternation,
  maxDriversMessage,
  salaryDayOf,
  timeToMinutes,
  CONFIG_MESSAGES as CM,
  RECIPE_MESSAGES as RM,
} from './vehicle-config-rules.ts';

/**
 * A vehicle's work planning (configuration) and automatic revenue (recette) configuration (spec 000
 * sections 3 to 5): one schema each, used by the server and by the wizard.
 */

/** A work day: 1 (Monday) to 7; the spec's `{day_id}` objects are read too. */
const zWorkDays = z.preprocess(
  (v) => {
    const parsed = fromJson(v);
    if (!Array.isArray(parsed)) return parsed;
    return parsed.map((d) => numeric(d && typeof d === 'object' && 'day_id' in d ? (d as { day_id: unknown }).day_id : d));
  },
  z
    .array(z.number({ error: CM.workDay }).int(CM.workDay).min(1, CM.workDay).max(7, CM.workDay), { error: CM.workDay })
    .default([])
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

export const ZVehicleConfigProfile = z.object({
  driver_id: zUuid(CM.driverRequired),
  start_work_at: optional(zDay(CM.date)),
  work_day: zWorkDays,
  hour_interval_id: optional(z.preprocess(numeric, z.union([z.literal(1), z.literal(2)], { error: CM.hourlySlotRequired }))),
});

const configShape = z.object({
  work_planning: z.enum(WORK_PLANNINGS, { error: CM.workPlanningRequired }),
  number_drivers: z.preprocess(numeric, z.union([z.literal(1), z.literal(2)], { error: CM.numberDrivers })),
  start_date: zTime(CONFIG_DEFAULTS.start_date).describe('Service start, HH:mm (default 08:30)'),
  end_date: zTime(CONFIG_DEFAULTS.end_date).describe('Service end, HH:mm (default 18:30)'),
  passation_date: zTime(CONFIG_DEFAULTS.passation_date).describe('Handover, HH:mm (hourly only, default 12:30; cleared otherwise)'),
  alternation: optional(zFormBoolean).transform((v) => v ?? false),
  alternating_days: optional(z.preprocess(numeric, z.number({ error: CM.alternatingDays }).int(CM.alternatingDays))),
  alternating_weeks: optional(z.preprocess(numeric, z.number({ error: CM.alternatingWeeks }).int(CM.alternatingWeeks))),
  start_alternation_at: optional(zDay(CM.date)),
  salary_day_config: optional(zFormBoolean).transform((v) => v ?? false),
  salary_day_id: optional(z.preprocess(numeric, z.number({ error: CM.salaryDay }).int(CM.salaryDay).min(1, CM.salaryDay).max(7, CM.salaryDay))),
  first_driver_alternation_id: optional(zUuid(CM.firstDriverNotAssigned)),
  work_program: optional(z.literal('driver_in_turn')).transform(() => CONFIG_DEFAULTS.work_program),
  profiles: z.preprocess(fromJson, z.array(ZVehicleConfigProfile, { error: CM.noDriver })),
});
type ConfigShape = z.output<typeof configShape>;

/** Every rule of spec 000 sections 4 and 5, each issue on the field the form shows it on. */
function checkConfig(c: ConfigShape, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const hourly = c.work_planning === 'hourly';

  const start = timeToMinutes(c.start_date);
  const end = timeToMinutes(c.end_date);
  if (start >= end) issue(['start_date'], CM.startBeforeEnd);
  if (hourly) {
    const handover = timeToMinutes(c.passation_date);
    if (start < end && !(handover > start && handover < end)) issue(['passation_date'], CM.passationBetween);
    if (!hourlyAllowed(c.number_drivers)) issue(['work_planning'], CM.hourlyNeedsTwoDrivers);
  }

  if (c.profiles.length === 0) issue(['profiles'], CM.noDriver);
  if (c.profiles.length > c.number_drivers) issue(['profiles'], maxDriversMessage(c.number_drivers));
  c.profiles.forEach((p, i) => {
    if (c.profiles.findIndex((q) => q.driver_id === p.driver_id) < i) issue(['profiles', i, 'driver_id'], CM.duplicateDriver);
  });

  if (hourly) {
    c.profiles.forEach((p, i) => {
      if (p.hour_interval_id == null) issue(['profiles', i, 'hour_interval_id'], CM.hourlySlotRequired);
      else if (c.profiles.findIndex((q) => q.hour_interval_id === p.hour_interval_id) < i) {
        issue(['profiles', i, 'hour_interval_id'], CM.hourlyDistinctSlots);
      }
    });
  }

  const auto = isAutoAlternation(c);
  if (c.alternation && !auto) issue(['alternation'], CM.alternationNeedsTwoDrivers);
  if (auto) {
    const inRange = (n: number | undefined) => n != null && n >= ALTERNATION_MIN && n <= ALTERNATION_MAX;
    if (c.work_planning === 'daily' && !inRange(c.alternating_days)) issue(['alternating_days'], CM.alternatingDays);
    if (c.work_planning === 'weekly' && !inRange(c.alternating_weeks)) issue(['alternating_weeks'], CM.alternatingWeeks);
    if (!c.start_alternation_at) issue(['start_alternation_at'], CM.alternationStart);
    if (c.first_driver_alternation_id && !c.profiles.some((p) => p.driver_id === c.first_driver_alternation_id)) {
      issue(['first_driver_alternation_id'], CM.firstDriverNotAssigned);
    }
    return; // the days are computed: nobody picks work days.
  }

  const salary = salaryDayOf(c);
  const exclusive = daysAreExclusive(c);
  c.profiles.forEach((p, i) => {
    if (salary != null && p.work_day.includes(salary)) issue(['profiles', i, 'work_day'], CM.workDayIsSalaryDay);
    if (exclusive) {
      const others = new Set(c.profiles.filter((_, j) => j < i).flatMap((q) => q.work_day));
      if (p.work_day.some((d) => others.has(d))) issue(['profiles', i, 'work_day'], CM.workDayTaken);
    }
  });
  if (c.profiles.length > 0 && !c.profiles.some((p) => p.work_day.length > 0)) issue(['profiles', 0, 'work_day'], CM.workDaysRequired);
}

/** What changing a choice clears (spec 000 section 4), applied to what is stored. */
function normalizeConfig(c: ConfigShape) {
  const hourly = c.work_planning === 'hourly';
  const auto = isAutoAlternation(c);
  return {
    ...c,
    passation_date: hourly ? c.passation_date : null,
    alternation: auto,
    alternating_days: auto && c.work_planning === 'daily' ? (c.alternating_days ?? null) : null,
    alternating_weeks: auto && c.work_planning === 'weekly' ? (c.alternating_weeks ?? null) : null,
    start_alternation_at: auto ? (c.start_alternation_at ?? null) : null,
    first_driver_alternation_id: auto ? (c.first_driver_alternation_id ?? c.profiles[0]?.driver_id ?? null) : null,
    salary_day_id: salaryDayOf(c),
    profiles: c.profiles.map((p) => ({
      driver_id: p.driver_id,
      start_work_at: p.start_work_at ?? null,
      work_day: auto ? [] : p.work_day,
      hour_interval_id: hourly ? (p.hour_interval_id ?? null) : null,
    })),
  };
}

/** A vehicle's work planning: POST /vehicle/update/{id} with update_type 'planning' sends it as `config`. */
export const ZVehicleConfig = configShape.superRefine(checkConfig).transform(normalizeConfig);
export type TVehicleConfigInput = z.input<typeof ZVehicleConfig>;
export type TVehicleConfigParsed = z.output<typeof ZVehicleConfig>;

// ---------------------------------------------------------------- automatic revenue (recipe)

export const COLLECTION_METHODS = ['cash', 'mobile_money', 'both'] as const;
export const COLLECTION_TYPES = ['recipe_objective', 'without_recipe_objective', 'yango_recipe'] as const;
export const RECIPE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

const recipeShape = z.object({
  manage_in_vtc: optional(zFormBoolean).transform((v) => v ?? true),
  collection_method: optional(z.enum(COLLECTION_METHODS, { error: RM.collectionMethod })).transform((v) => v ?? RECIPE_DEFAULTS.collection_method),
  collection_type: z.enum(COLLECTION_TYPES, { error: RM.collectionType }),
  amount: optional(zAmount(RM.amountInvalid)),
  salary_amount: optional(zAmount(RM.amountInvalid)),
  freequency: optional(z.enum(RECIPE_FREQUENCIES, { error: RM.frequency })).transform((v) => v ?? RECIPE_DEFAULTS.freequency),
  monthly_day: optional(zInt(1, 31, RM.monthlyDay)),
  collect_day: optional(zInt(1, 7, RM.collectDay)),
  collect_time: zTime(RECIPE_DEFAULTS.collect_time).describe('HH:mm, default 20:30'),
});

/** A vehicle's automatic revenue: POST /vehicle/update/{id} with update_type 'recipe' sends it as `recipes`. */
export const ZRecipeConfig = recipeShape
  .superRefine((r, ctx) => {
    if (r.collection_type === 'recipe_objective') {
      if (r.amount == null) ctx.addIssue({ code: 'custom', path: ['amount'], message: RM.amountRequired });
      else if (r.amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: RM.amountPositive });
    }
    if (r.freequency === 'monthly' && r.monthly_day == null) ctx.addIssue({ code: 'custom', path: ['monthly_day'], message: RM.monthlyDay });
    if (r.freequency === 'weekly' && r.collect_day == null) ctx.addIssue({ code: 'custom', path: ['collect_day'], message: RM.collectDay });
  })
  // Without an objective the amount is dynamic; a collection day only means something for its frequency.
  .transform((r) => ({
    ...r,
    amount: r.collection_type === 'recipe_objective' ? (r.amount ?? null) : null,
    salary_amount: r.salary_amount ?? null,
    monthly_day: r.freequency === 'monthly' ? (r.monthly_day ?? null) : null,
    collect_day: r.freequency === 'weekly' ? (r.collect_day ?? null) : null,
  }));
export type TRecipeConfigInput = z.input<typeof ZRecipeConfig>;
export type TRecipeConfigParsed = z.output<typeof ZRecipeConfig>;

