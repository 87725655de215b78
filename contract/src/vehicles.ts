import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { ZPageQuery } from './pagination.ts';
import { ZVehicleDocument } from './vehicle-documents.ts';
import { optional, numeric, zRefId, zInt, zUuid, zDay, fromJson, zAmount, UUID } from './vehicle-form-values.ts';
import {
  WORK_PLANNINGS,
  circulationYearMessage,
  CONFIG_MESSAGES as CM,
  RECIPE_MESSAGES as RM,
} from './vehicle-config-rules.ts';
import { COLLECTION_METHODS, COLLECTION_TYPES } from './vehicle-config.ts';
import { SERVICE_URGENCIES } from './reminders.ts';

export * from './vehicle-config-rules.ts';
export * from './vehicle-config.ts';

/**
 * Vehicles (spec 000 sections 3 to 5): statuses, the vehicle form (general section), the update
 * request by section and the answers. The planning and recipe schemas are in vehicle-config.ts.
 * Forms send multipart data, so numbers and booleans may arrive as strings and lists as JSON strings.
 */

export const VEHICLE_STATUSES = ['active', 'assign', 'maintain', 'deactivated', 'reserve'] as const;
export type TVehicleStatus = (typeof VEHICLE_STATUSES)[number];
/** What the list shows: a stored 'active' without a current driver shows 'neutral'. */
export const VEHICLE_DISPLAY_STATUSES = [...VEHICLE_STATUSES, 'neutral'] as const;
export type TVehicleDisplayStatus = (typeof VEHICLE_DISPLAY_STATUSES)[number];
export const VEHICLE_STATUS_LABELS: Record<TVehicleDisplayStatus, string> = {
  active: 'Actif',
  assign: 'Assigné',
  maintain: 'En maintenance',
  deactivated: 'Désactivé',
  reserve: 'Réserve',
  neutral: 'Neutre',
};
/** Status dots (spec 000 section 4): green, yellow, red, grey. */
export const VEHICLE_STATUS_COLORS: Record<TVehicleDisplayStatus, 'green' | 'yellow' | 'red' | 'gray'> = {
  active: 'green',
  assign: 'green',
  reserve: 'green',
  maintain: 'yellow',
  deactivated: 'red',
  neutral: 'gray',
};

/** Active and neutral both count as active (spec 000 section 4). */
export function displayStatus(status: TVehicleStatus, hasCurrentDriver: boolean): TVehicleDisplayStatus {
  return status === 'active' && !hasCurrentDriver ? 'neutral' : status;
}

export const VEHICLE_MAX_IMAGES = 4;
export const GPS_NUMBER_PATTERN = /^\d{10,20}$/;

/** The vehicle form's messages: spec 000 section 5 where it words them, ours otherwise. */
export const VEHICLE_MESSAGES = {
  vehicleType: 'Veuillez sélectionner le type de véhicule',
  brand: 'Veuillez sélectionner la marque du véhicule',
  model: 'Veuillez sélectionner le modèle du véhicule',
  color: 'Veuillez sélectionner la couleur du véhicule',
  registration: "Veuillez entrer le numéro d'immatriculation du véhicule",
  gps: 'Le format du numéro GPS est invalide',
  tags: "Le format n'est pas valide",
  // Ours.
  modelOfBrand: "Ce modèle n'appartient pas à la marque sélectionnée",
  registrationLength: "Le numéro d'immatriculation ne peut pas dépasser 20 caractères",
  label: 'Le libellé ne peut pas dépasser 100 caractères',
  chassis: 'Le numéro de châssis ne peut pas dépasser 50 caractères',
  mileage: 'Le kilométrage doit être un nombre entier positif',
  owner: 'Propriétaire introuvable',
  contractType: 'Type de contrat introuvable',
  images: `Vous pouvez ajouter au plus ${VEHICLE_MAX_IMAGES} images`,
  propertyContract: 'Le contrat de propriété est invalide',
  paymentFrequency: 'Fréquence de paiement invalide',
  endBeforeStart: 'La date de fin doit être postérieure à la date de début',
  tarif: 'Tarif invalide',
  date: 'Date invalide (format attendu yyyy-MM-dd)',
  updateType: 'Section inconnue : general, planning, recipe ou document attendu',
} as const;
const VM = VEHICLE_MESSAGES;

// ---------------------------------------------------------------- the vehicle (general section)

/**
 * Tags: typed as a comma list, sent as a list of {name} on creation, or of strings; multipart sends
 * that list as a JSON string. Each is a short word or phrase.
 */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.'’-]{0,29}$/u;
const zTags = z.preprocess(
  (v) => {
    const parsed = fromJson(v);
    if (typeof parsed === 'string') return parsed.split(',').map((s) => s.trim()).filter(Boolean);
    if (!Array.isArray(parsed)) return parsed;
    return parsed.map((t) => (t && typeof t === 'object' && 'name' in t ? (t as { name: unknown }).name : t));
  },
  z
    .array(z.string({ error: VM.tags }).trim().regex(TAG_PATTERN, VM.tags), { error: VM.tags })
    .max(20, VM.tags)
    // Each tag once, whatever its case.
    .transform((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i)),
);

/**
 * Images to keep on an update: their stored path ('/api/file/<id>') or the signed link the answer
 * gave ('/api/file/signed/<id>?…'). New images come as multipart files.
 */
const zKeptImages = z.preprocess(
  (v) => {
    const parsed = fromJson(v);
    const list = typeof parsed === 'string' ? [parsed] : parsed;
    if (!Array.isArray(list)) return list;
    return list.map((s) => (typeof s === 'string' ? s.replace(/^.*\/api\/file\/(?:signed\/)?([0-9a-f-]{36}).*$/i, '/api/file/$1') : s));
  },
  z.array(z.string().regex(/^\/api\/file\/[0-9a-f-]{36}$/i, 'Image invalide')).max(VEHICLE_MAX_IMAGES, VM.images),
);

export const PAYMENT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'half_yearly', 'annual'] as const;

/** The vehicle's property contract: what the park pays (or is paid) for it, and how often. */
export const ZPropertyContract = z
  .object({
    name: optional(z.string().trim().max(100, VM.propertyContract)),
    contract_type_id: optional(zRefId(VM.contractType)),
    start_date: optional(zDay(VM.date)),
    end_date: optional(zDay(VM.date)),
    amount: optional(zAmount(RM.amountInvalid)),
    payment_frequency: optional(z.enum(PAYMENT_FREQUENCIES, { error: VM.paymentFrequency })),
  })
  .refine((c) => !c.start_date || !c.end_date || c.end_date >= c.start_date, { path: ['end_date'], message: VM.endBeforeStart });
export type TPropertyContract = z.output<typeof ZPropertyContract>;

/** Course tariffs: an amount per cadence (per trip, per hour, per day ...). */
export const ZTarif = z.object({ tarif: zAmount(VM.tarif), cadence: z.string({ error: VM.tarif }).trim().min(1, VM.tarif).max(30, VM.tarif) });

const currentYear = () => new Date().getFullYear();

/**
 * POST /vehicle and the general section of POST /vehicle/update/{id}: the whole general form.
 * `park_id` is checked by the server against the acting park and otherwise ignored.
 */
export const ZVehicleInput = z.object({
  label: optional(z.string().trim().max(100, VM.label)),
  vehicle_type_id: zRefId(VM.vehicleType),
  brand_id: zRefId(VM.brand),
  model_id: zRefId(VM.model),
  color_id: zRefId(VM.color),
  registration_number: z
    .string({ error: VM.registration })
    .trim()
    .min(1, { error: VM.registration, abort: true })
    .max(20, VM.registrationLength)
    // 'lt-123-ab' and 'LT-123-AB' are the same plate.
    .transform((s) => s.toUpperCase()),
  chassis_number: optional(z.string().trim().max(50, VM.chassis)),
  gps_number: optional(
    z
      .string({ error: VM.gps })
      .transform((s) => s.replace(/\s/g, ''))
      .pipe(z.string().regex(GPS_NUMBER_PATTERN, VM.gps)),
  ),
  mileage: optional(zInt(0, 10_000_000, VM.mileage)),
  mileage_for_vidange: optional(zInt(0, 10_000_000, VM.mileage)),
  entry_fleet_at: optional(zDay(VM.date)),
  circulation_at: optional(
    z.preprocess(
      numeric,
      z.number({ error: () => circulationYearMessage(currentYear()) }).superRefine((y, ctx) => {
        const now = currentYear();
        if (!Number.isInteger(y) || y > now || y < now - 29) ctx.addIssue({ code: 'custom', message: circulationYearMessage(now) });
      }),
    ),
  ),
  insurance_subscription_at: optional(zDay(VM.date)),
  vehicle_owner_id: optional(zUuid(VM.owner)),
  contract_type_id: optional(zRefId(VM.contractType)),
  tags: optional(zTags),
  images: optional(zKeptImages).describe('Update only: the current images to keep (path or signed link); new ones come as `images` files'),
  property_contract: optional(z.preprocess(fromJson, ZPropertyContract)),
  tarif: optional(z.preprocess(fromJson, z.array(ZTarif, { error: VM.tarif }).max(10, VM.tarif))),
  park_id: optional(z.string()),
});
export type TVehicleInput = z.input<typeof ZVehicleInput>;
export type TVehicleInputParsed = z.output<typeof ZVehicleInput>;
/** The fields of the general section (to refuse them in another section's update). */
export const VEHICLE_GENERAL_FIELDS = Object.keys(ZVehicleInput.shape).filter((k) => k !== 'park_id');

// ---------------------------------------------------------------- requests

export const VEHICLE_UPDATE_TYPES = ['general', 'planning', 'recipe', 'document'] as const;
export type TVehicleUpdateType = (typeof VEHICLE_UPDATE_TYPES)[number];
export const ZVehicleUpdateType = z.enum(VEHICLE_UPDATE_TYPES, { error: VM.updateType });

export const ZVehicleListQuery = ZPageQuery.extend({
  park_id: z.string().optional(),
  status: optional(z.enum(VEHICLE_STATUSES, { error: 'Statut inconnu' })),
  group: optional(z.string().regex(UUID, 'Groupe invalide')).describe('A vehicle group id'),
  available_on_date: optional(zDay(CM.date)).describe('yyyy-MM-dd: active vehicles no configuration makes work that weekday'),
});
export type TVehicleListQuery = z.output<typeof ZVehicleListQuery>;

// ---------------------------------------------------------------- answers

const ZRef = z.object({ id: z.number(), name: z.string() });

export const ZVehicleDriverSummary = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  image: z.string().nullable().describe('Signed link'),
});
export type TVehicleDriverSummary = z.infer<typeof ZVehicleDriverSummary>;

export const ZVehicleListItem = z.object({
  id: z.string(),
  label: z.string().nullable(),
  registration_number: z.string(),
  status: z.enum(VEHICLE_STATUSES),
  display_status: z.enum(VEHICLE_DISPLAY_STATUSES).describe("'neutral' when the status is active and nobody drives it today"),
  brand: ZRef,
  model: ZRef,
  vehicle_type: ZRef,
  color: z.object({ id: z.number(), name: z.string(), hex: z.string() }),
  group: z.object({ id: z.string(), title: z.string() }).nullable(),
  current_driver: ZVehicleDriverSummary.nullable().describe("Who drives it today, from its configuration and the park's clock"),
  image: z.string().nullable().describe('Signed link to the first image'),
  has_config: z.boolean(),
  has_recipe_config: z.boolean(),
  service_urgency: z
    .enum(SERVICE_URGENCIES)
    .describe("The worst of its open service reminders' (ok, soon, due, overdue; 'ok' without any): SERVICE_URGENCY_LABELS says it in French"),
  created_at: z.string(),
});
export type TVehicleListItem = z.infer<typeof ZVehicleListItem>;

const ZOwnerRef = z.object({ id: z.string(), display_name: z.string() });

export const ZVehicleDetail = ZVehicleListItem.extend({
  park_id: z.string(),
  chassis_number: z.string().nullable(),
  gps_number: z.string().nullable(),
  mileage: z.number().nullable(),
  mileage_for_vidange: z.number().nullable(),
  entry_fleet_at: z.string().nullable(),
  circulation_at: z.number().nullable(),
  insurance_subscription_at: z.string().nullable(),
  vehicle_owner: ZOwnerRef.nullable(),
  owner: ZOwnerRef.nullable().describe('Same as vehicle_owner'),
  contract_type: ZRef.nullable(),
  tags: z.array(z.string()),
  images: z.array(z.string()).describe('Signed links, in order'),
  image_paths: z.array(z.string()).describe("Stored paths ('/api/file/<id>'), to send back as the images to keep"),
  property_contract: z
    .object({
      name: z.string().nullable(),
      contract_type_id: z.number().nullable(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      amount: z.number().nullable(),
      payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
    })
    .nullable(),
  tarif: z.array(z.object({ tarif: z.number(), cadence: z.string() })).nullable(),
  is_partner_vehicle: z.boolean(),
  updated_at: z.string(),
});
export type TVehicleDetail = z.infer<typeof ZVehicleDetail>;

export const ZVehicleConfigDriver = z.object({
  driver_id: z.string(),
  position: z.number().describe('1 for the first driver, 2 for the second'),
  start_work_at: z.string().nullable(),
  work_day: z.array(z.number()),
  hour_interval_id: z.number().nullable(),
  driver: ZVehicleDriverSummary.extend({ status: z.enum(['active', 'suspended', 'deactivated']) }),
});
export type TVehicleConfigDriver = z.infer<typeof ZVehicleConfigDriver>;

export const ZVehicleConfigView = z.object({
  vehicle_id: z.string(),
  work_planning: z.enum(WORK_PLANNINGS),
  number_drivers: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  passation_date: z.string().nullable(),
  alternation: z.boolean(),
  alternating_days: z.number().nullable(),
  alternating_weeks: z.number().nullable(),
  start_alternation_at: z.string().nullable(),
  salary_day_config: z.boolean(),
  salary_day_id: z.number().nullable(),
  first_driver_alternation_id: z.string().nullable(),
  work_program: z.string(),
  is_valid: z.boolean(),
  profiles: z.array(ZVehicleConfigDriver),
  updated_at: z.string(),
});
export type TVehicleConfigView = z.infer<typeof ZVehicleConfigView>;

export const ZRecipeConfigView = z.object({
  vehicle_id: z.string(),
  manage_in_vtc: z.boolean(),
  collection_method: z.enum(COLLECTION_METHODS),
  collection_type: z.enum(COLLECTION_TYPES),
  amount: z.number().nullable(),
  salary_amount: z.number().nullable(),
  freequency: z.string(),
  monthly_day: z.number().nullable(),
  collect_day: z.number().nullable(),
  collect_time: z.string(),
  updated_at: z.string(),
});
export type TRecipeConfigView = z.infer<typeof ZRecipeConfigView>;

export const ZVehicleConfigs = z.object({ config: ZVehicleConfigView.nullable(), recipe: ZRecipeConfigView.nullable() });
export type TVehicleConfigs = z.infer<typeof ZVehicleConfigs>;

export const ZVehicleAllData = ZVehicleDetail.extend({
  config: ZVehicleConfigView.nullable(),
  recipe: ZRecipeConfigView.nullable(),
  documents: z.array(ZVehicleDocument),
  group_detail: z.object({ id: z.string(), title: z.string(), description: z.string().nullable() }).nullable(),
});
export type TVehicleAllData = z.infer<typeof ZVehicleAllData>;

export const ZCheckDriver = z.object({
  has_driver: z.boolean().describe('Someone drives the vehicle today'),
  current_driver: ZVehicleDriverSummary.nullable(),
  drivers: z.array(ZVehicleConfigDriver).describe("The drivers of the vehicle's configuration"),
});
export type TCheckDriver = z.infer<typeof ZCheckDriver>;
