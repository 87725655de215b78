import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { blank, isCalendarDay, numeric, optional, UUID } from './vehicle-form-values.ts';
import { INT4_MAX } from './constants.ts';

/**
 * The planning (spec 000 sections 2 to 5, issue 6 section 1): dated entries saying who drives which
 * vehicle when, generated from the vehicles' work-planning configurations, previewed, then
 * confirmed; the calendar and the work programmes read them; rotation groups give each vehicle an
 * interim driver who takes it when the principal can't. The server validates with these schemas
 * and the calendar screens read these answers.
 */

// ---------------------------------------------------------------- rules and texts

export const PLANNING_SLOTS = ['full', 'first', 'second'] as const;
export type TPlanningSlot = (typeof PLANNING_SLOTS)[number];
export const PLANNING_ROLES = ['principal', 'interim'] as const;
export type TPlanningRole = (typeof PLANNING_ROLES)[number];
export const ROTATION_PLANNINGS = ['daily', 'weekly', 'monthly'] as const;
export type TRotationPlanning = (typeof ROTATION_PLANNINGS)[number];

/** Why the engine could not plan someone (or planned the interim instead). */
export const PLANNING_CONFLICT_REASONS = [
  'day_off',
  'suspended',
  'deactivated',
  'vehicle_maintenance',
  'vehicle_deactivated',
  'driver_busy',
  'not_configured',
] as const;
export type TPlanningConflictReason = (typeof PLANNING_CONFLICT_REASONS)[number];

/** Why a driver is unavailable on GET /indisponibles-drivers. */
export const DRIVER_UNAVAILABILITY_REASONS = ['suspended', 'deactivated', 'day_off'] as const;
export type TDriverUnavailabilityReason = (typeof DRIVER_UNAVAILABILITY_REASONS)[number];
/** Why a vehicle is unavailable on GET /park/indisponibilities. */
export const VEHICLE_UNAVAILABILITY_REASONS = ['maintain', 'deactivated'] as const;
export type TVehicleUnavailabilityReason = (typeof VEHICLE_UNAVAILABILITY_REASONS)[number];

/** A generated or confirmed period spans at most this many days (a quarter). */
export const PLANNING_MAX_DAYS = 93;

export const PLANNING_SLOT_LABELS: Record<TPlanningSlot, string> = {
  full: 'Journée complète',
  first: 'Première période',
  second: 'Deuxième période',
};
export const PLANNING_ROLE_LABELS: Record<TPlanningRole, string> = { principal: 'Principal', interim: 'Intérimaire' };

export const PLANNING_MESSAGES = {
  startRequired: 'La date de début est requise',
  endRequired: 'La date de fin est requise',
  date: 'Date invalide (format attendu yyyy-MM-dd)',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début',
  periodTooLong: `La période ne peut pas dépasser ${PLANNING_MAX_DAYS} jours`,
  vehicle: 'Véhicule invalide',
  vehiclesRequired: 'Veuillez sélectionner au moins un véhicule',
  driver: 'Chauffeur invalide',
  rotationGroup: 'Groupe de rotation invalide',
  slot: 'Créneau invalide (full, first ou second)',
  role: 'Rôle invalide (principal ou interim)',
  entryOutsidePeriod: "Cette entrée est en dehors de la période confirmée",
  entryVehicleNotListed: "Le véhicule de cette entrée n'est pas dans la liste des véhicules confirmés",
  rotationName: 'Le nom du groupe est requis',
  rotationNameTooLong: 'Le nom du groupe ne peut pas dépasser 100 caractères',
  rotationPlanning: 'Planification invalide (daily, weekly ou monthly)',
  rotationVehiclesRequired: 'Veuillez ajouter au moins un véhicule au groupe',
  rotationVehicleTwice: 'Ce véhicule figure deux fois dans le groupe',
  rotationSameDriver: "Le chauffeur intérimaire doit être différent du chauffeur principal",
} as const;
const M = PLANNING_MESSAGES;

export const PLANNING_SUCCESS = {
  generated: 'Planning généré',
  confirmed: 'Planning confirmé',
  rotationAdded: 'Groupe de rotation ajouté avec succès',
  rotationUpdated: 'Groupe de rotation mis à jour avec succès',
  /** Spec 000 section 8: the spec's wording, spelled as french.md corrects it. */
  rotationDeleted: 'Groupe de rotation supprimé',
} as const;

// ---------------------------------------------------------------- inputs

/** `yyyy-MM-dd`, or a wire date `yyyy-MM-ddTHH:mm:ss` cut to its day. */
const zPlanningDay = (required: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
    z.string({ error: required }).refine(isCalendarDay, M.date),
  );
const zId = (message: string) => z.string({ error: message }).regex(UUID, message).transform((s) => s.toLowerCase());
/** A list of ids sent as a list, a JSON list, or a comma-separated string (query strings). */
const zIdList = (message: string) =>
  z.preprocess((v) => {
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s);
        } catch {
          return v;
        }
      }
      return s ? s.split(',').map((x) => x.trim()) : [];
    }
    return v;
  }, z.array(zId(message), { error: message }));

export function planningDaysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/** start <= end and at most PLANNING_MAX_DAYS days, each message on the field to fix. */
function checkPeriod(v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (!v.start_date || !v.end_date) return;
  if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: M.endBeforeStart });
  else if (planningDaysBetween(v.start_date, v.end_date) + 1 > PLANNING_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end_date'], message: M.periodTooLong });
}

/** A period both ends of which are required. */
const periodFields = { start_date: zPlanningDay(M.startRequired), end_date: zPlanningDay(M.endRequired) };

/** POST /planning/generate: a period and either vehicles, a rotation group, or neither (every configured vehicle). */
export const ZPlanningGenerateInput = z
  .object({
    ...periodFields,
    vehicle_ids: optional(zIdList(M.vehicle)),
    rotation_group_id: optional(zId(M.rotationGroup)),
  })
  .superRefine(checkPeriod);
export type TPlanningGenerateInput = z.input<typeof ZPlanningGenerateInput>;
export type TPlanningGenerateInputParsed = z.output<typeof ZPlanningGenerateInput>;

export const ZPlanningConfirmEntryInput = z.object({
  date: zPlanningDay(M.date),
  vehicle_id: zId(M.vehicle),
  driver_id: zId(M.driver),
  slot: z.enum(PLANNING_SLOTS, { error: M.slot }).default('full'),
  is_salary_day: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).default(false),
  role: z.enum(PLANNING_ROLES, { error: M.role }).default('principal'),
});
export type TPlanningConfirmEntryInput = z.input<typeof ZPlanningConfirmEntryInput>;

/**
 * POST /planning/confirm: the (possibly edited) preview. The listed vehicles' entries over the
 * period are replaced by these; every entry is of a listed vehicle and inside the period.
 */
export const ZPlanningConfirmInput = z
  .object({
    ...periodFields,
    vehicle_ids: z.array(zId(M.vehicle), { error: M.vehiclesRequired }).min(1, M.vehiclesRequired),
    entries: z.array(ZPlanningConfirmEntryInput).default([]),
    /**
     * Also create the recipes of the period's past days (collection day before today) that the
     * recipe job leaves alone because the planning comes after them (the preview's past_recipes).
     */
    create_past_recipes: z
      .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
      .default(false)
      .describe("Créer les recettes des jours passés (off by default): the preview's past_recipes"),
  })
  .superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    const listed = new Set(v.vehicle_ids);
    v.entries.forEach((e, i) => {
      if (v.start_date && v.end_date && (e.date < v.start_date || e.date > v.end_date)) {
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'date'], message: M.entryOutsidePeriod });
      }
      if (!listed.has(e.vehicle_id)) ctx.addIssue({ code: 'custom', path: ['entries', i, 'vehicle_id'], message: M.entryVehicleNotListed });
    });
  });
export type TPlanningConfirmInput = z.input<typeof ZPlanningConfirmInput>;
export type TPlanningConfirmInputParsed = z.output<typeof ZPlanningConfirmInput>;

/**
 * The period of a read (calendar, work programmes, availability). Both optional: a missing one
 * defaults on the server (the current month); an invalid one is a 400.
 */
export const ZPlanningPeriodQuery = z
  .object({
    start_date: optional(zPlanningDay(M.startRequired)),
    end_date: optional(zPlanningDay(M.endRequired)),
  })
  .superRefine(checkPeriod);
export type TPlanningPeriodQuery = z.output<typeof ZPlanningPeriodQuery>;

/** GET /planning/available-vehicle and available-driver: a period and, optionally, the rotation group being edited. */
export const ZPlanningAvailabilityQuery = z
  .object({
    start_date: optional(zPlanningDay(M.startRequired)),
    end_date: optional(zPlanningDay(M.endRequired)),
    rotation_group_id: optional(zId(M.rotationGroup)),
  })
  .superRefine(checkPeriod);
export type TPlanningAvailabilityQuery = z.output<typeof ZPlanningAvailabilityQuery>;

const zOptionalDriver = optional(zId(M.driver));
export const ZRotationVehicleInput = z.object({
  vehicle_id: zId(M.vehicle),
  principal_driver_id: zOptionalDriver,
  interim_driver_id: zOptionalDriver,
});

/** POST /rotation: creates a group, or updates the one named by `id`. */
export const ZRotationGroupInput = z
  .object({
    id: optional(zId(M.rotationGroup)),
    name: z.string({ error: M.rotationName }).trim().min(1, M.rotationName).max(100, M.rotationNameTooLong),
    group_id: optional(zId('Groupe invalide')),
    passationType: optional(z.string().trim().max(50)),
    region_id: optional(z.preprocess(numeric, z.number().int().min(-INT4_MAX - 1).max(INT4_MAX))),
    checking: optional(z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())),
    collection: optional(z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())),
    planning: optional(z.enum(ROTATION_PLANNINGS, { error: M.rotationPlanning })),
    park_id: z.string().optional(),
    vehicles: z.array(ZRotationVehicleInput, { error: M.rotationVehiclesRequired }).min(1, M.rotationVehiclesRequired),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.vehicles.forEach((x, i) => {
      if (seen.has(x.vehicle_id)) ctx.addIssue({ code: 'custom', path: ['vehicles', i, 'vehicle_id'], message: M.rotationVehicleTwice });
      seen.add(x.vehicle_id);
      if (x.principal_driver_id && x.principal_driver_id === x.interim_driver_id) {
        ctx.addIssue({ code: 'custom', path: ['vehicles', i, 'interim_driver_id'], message: M.rotationSameDriver });
      }
    });
  });
export type TRotationGroupInput = z.input<typeof ZRotationGroupInput>;
export type TRotationGroupInputParsed = z.output<typeof ZRotationGroupInput>;

// ---------------------------------------------------------------- answers

export const ZPlanningVehicleRef = z.object({
  id: z.string(),
  label: z.string().nullable(),
  registration_number: z.string(),
  brand: z.string().nullable().describe('Brand name'),
  model: z.string().nullable().describe('Model name'),
});
export type TPlanningVehicleRef = z.infer<typeof ZPlanningVehicleRef>;

export const ZPlanningDriverRef = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable().describe('Signed link'),
});
export type TPlanningDriverRef = z.infer<typeof ZPlanningDriverRef>;

/** One driver on one vehicle for one day (or one side of the handover). */
export const ZPlanningEntry = z.object({
  type: z.literal('planning'),
  id: z.string().nullable().describe('null in a preview'),
  date: z.string().describe('yyyy-MM-dd: the service day'),
  start_date: z.string().describe('Wire datetime: when the slot starts'),
  end_date: z.string().describe('Wire datetime: when the slot ends (the next day when the service runs past midnight)'),
  passation_date: z.string().nullable().describe('Wire datetime of the handover, hourly planning only'),
  slot: z.enum(PLANNING_SLOTS),
  is_salary_day: z.boolean().describe('The driver keeps the day\'s takings as salary: no recipe is expected'),
  role: z.enum(PLANNING_ROLES),
  rotation_group_id: z.string().nullable(),
  vehicle: ZPlanningVehicleRef,
  driver: ZPlanningDriverRef,
  full_half: ZPlanningDriverRef.nullable().describe('The driver when slot is full'),
  first_half: ZPlanningDriverRef.nullable().describe('The driver when slot is first'),
  second_half: ZPlanningDriverRef.nullable().describe('The driver when slot is second'),
  salary_profile: z.object({ salary_amount: z.number().nullable() }).nullable().describe('On a salary day: the configured salary amount'),
});
export type TPlanningEntry = z.infer<typeof ZPlanningEntry>;

/**
 * A vehicle held by a maintenance: its real dates, the maintenance's id. A vehicle put in 'maintain'
 * by hand (no maintenance record) shows from today to the period's end, maintenance_id null (its
 * status says nothing of the past).
 */
export const ZMaintenanceEntry = z.object({
  type: z.literal('entretien'),
  maintenance_id: z.string().nullable().describe('The maintenance (GET /entretien/{id}); null for a status set by hand'),
  date: z.string().describe('yyyy-MM-dd: the first day'),
  start_date: z.string().describe('Wire datetime: when the vehicle goes in'),
  end_date: z.string().describe('Wire datetime: when it comes out (an end at 00:00:00 ends the day before)'),
  vehicle: ZPlanningVehicleRef,
});
export type TMaintenanceEntry = z.infer<typeof ZMaintenanceEntry>;

export const ZCalendarEntry = z.discriminatedUnion('type', [ZPlanningEntry, ZMaintenanceEntry]);
export type TCalendarEntry = z.infer<typeof ZCalendarEntry>;
export const ZCalendarEntries = z.array(ZCalendarEntry);

export const ZPlanningConflict = z.object({
  date: z.string().describe('yyyy-MM-dd'),
  vehicle: z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string() }),
  driver: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  reason: z.enum(PLANNING_CONFLICT_REASONS),
  message: z.string().describe('French'),
  replaced_by: z
    .object({ id: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable()
    .describe('The interim who drives instead (the conflict is then information)'),
});
export type TPlanningConflict = z.infer<typeof ZPlanningConflict>;

/** Recipes of past days: how many, and their objectives' total in the park's currency. */
export const ZPastRecipes = z.object({
  count: z.number().int(),
  total: z.number().describe("Sum of their objectives, in the park's currency"),
});
export type TPastRecipes = z.infer<typeof ZPastRecipes>;

export const ZPlanningGenerateResult = z.object({
  start_date: z.string(),
  end_date: z.string(),
  entries: z.array(ZPlanningEntry),
  conflicts: z.array(ZPlanningConflict),
  vehicles_without_planning: z.array(z.object({ vehicle: ZPlanningVehicleRef, message: z.string() })),
  past_recipes: ZPastRecipes.describe(
    'The recipes of past days that confirming with create_past_recipes would create (the recipe job never charges days before the planning was confirmed)',
  ),
});
export type TPlanningGenerateResult = z.infer<typeof ZPlanningGenerateResult>;

export const ZPlanningConfirmResult = z.object({
  created: z.number().describe('Entries written'),
  replaced: z.number().describe('Entries of those vehicles over the period that they replace'),
  entries: z.array(ZPlanningEntry),
  past_recipes: ZPastRecipes.describe('The recipes of past days created (create_past_recipes), else 0'),
});
export type TPlanningConfirmResult = z.infer<typeof ZPlanningConfirmResult>;

export const ZAvailableVehicle = ZPlanningVehicleRef.extend({ status: z.string() });
export type TAvailableVehicle = z.infer<typeof ZAvailableVehicle>;
export const ZAvailableDriver = ZPlanningDriverRef.extend({ phone: z.string() });
export type TAvailableDriver = z.infer<typeof ZAvailableDriver>;

export const ZVehicleUnavailability = z.object({
  vehicle: ZPlanningVehicleRef,
  reason: z.enum(VEHICLE_UNAVAILABILITY_REASONS),
  message: z.string().describe('French'),
  maintenance_id: z.string().nullable().describe('The maintenance holding the vehicle, when one does'),
  start_date: z.string().nullable().describe('Wire datetime: the maintenance\'s start (null: no known dates)'),
  end_date: z.string().nullable().describe('Wire datetime: the maintenance\'s end'),
});
export type TVehicleUnavailability = z.infer<typeof ZVehicleUnavailability>;

export const ZDriverUnavailability = z.object({
  driver: ZPlanningDriverRef,
  reason: z.enum(DRIVER_UNAVAILABILITY_REASONS),
  message: z.string().describe('French'),
  dates: z.array(z.string()).describe('yyyy-MM-dd: the days of the period concerned'),
});
export type TDriverUnavailability = z.infer<typeof ZDriverUnavailability>;

const ZRotationDriverRef = ZPlanningDriverRef;
export const ZRotationGroup = z.object({
  id: z.string(),
  name: z.string(),
  group_id: z.string().nullable(),
  passationType: z.string().nullable(),
  region_id: z.number().nullable(),
  checking: z.boolean(),
  collection: z.boolean(),
  planning: z.enum(ROTATION_PLANNINGS),
  vehicles: z.array(
    z.object({
      vehicle: ZPlanningVehicleRef,
      principal_driver: ZRotationDriverRef.nullable(),
      interim_driver: ZRotationDriverRef.nullable(),
    }),
  ),
  vehiclePrincipalDriverAssignment: z.array(z.object({ vehicle_id: z.string(), driver_id: z.string() })),
  vehicleInterimDriverAssignment: z.array(z.object({ vehicle_id: z.string(), driver_id: z.string() })),
  created_at: z.string(),
});
export type TRotationGroup = z.infer<typeof ZRotationGroup>;
