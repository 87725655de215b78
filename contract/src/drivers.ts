import { z } from 'zod';
import { refuseSentAndCleared, zClear } from './clear-fields.ts';
import { zEmail, zPhone } from './formats.ts';
import { ZPageQuery } from './pagination.ts';
import { DRIVER_STATUSES, type TDriverStatus } from './fleet-labels.ts';
import { INT4_MAX } from './constants.ts';
import { ZYangoProfileLink } from './yango.ts';

/**
 * Drivers and their driving licences (spec 000 sections 3 to 5 'Driver'). The server validates the
 * save with these schemas and the driver form uses the same ones. The form sends multipart data,
 * so numbers and booleans may arrive as strings, and `permis` and `days_off` as JSON strings.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const zId = z.string({ error: 'Identifiant invalide' }).regex(UUID, 'Identifiant invalide');

export { DRIVER_STATUSES, DRIVER_STATUS_LABELS, type TDriverStatus } from './fleet-labels.ts';

export const SEXES = ['men', 'women'] as const;
export const LICENCE_TYPES = ['A', 'B', 'C', 'D'] as const;
export type TLicenceType = (typeof LICENCE_TYPES)[number];

/** The spec's words, spelled as french.md corrects them ('tous les champs', not 'tout ls champs'). */
export const DRIVER_MESSAGES = {
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  phoneRequired: 'Le numéro de téléphone est requis',
  driverTypeRequired: 'Le type de chauffeur est requis',
  licenceFieldsRequired: 'Veuillez remplir tous les champs',
  licenceDuplicate: 'Permis déjà ajouté',
  licenceAdded: 'Type de permis ajouté',
  licenceType: 'Type de permis invalide (A, B, C ou D)',
  licenceExpiryBeforeDelivery: "La date d'expiration doit être postérieure à la date de délivrance",
  invalidDate: 'Date invalide (format attendu yyyy-MM-dd)',
  daysOff: 'Les jours de repos doivent être des jours de 1 (lundi) à 7 (dimanche)',
  sex: 'Le sexe doit être men ou women',
} as const;

// ---------------------------------------------------------------- form values as they travel

const blank = (v: unknown) => v === null || v === undefined || v === 'Unknown' || (typeof v === 'string' && v.trim() === '');

/** An optional field: blank form inputs read as "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** Multipart sends 'true'/'false' (or 1/0); JSON sends booleans. */
const zFormBoolean = z.preprocess((v) => {
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1' || s === 'on') return true;
    if (s === 'false' || s === '0' || s === 'off') return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean({ error: 'Valeur attendue : true ou false' }));

/** A positive integer id of reference data; multipart sends it as a string. */
const zRefId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message),
  );

/** `yyyy-MM-dd`; a full `yyyy-MM-ddTHH:mm:ss` is accepted and cut to its day. */
const dayField = (missing: string = DRIVER_MESSAGES.invalidDate) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
    z
      .string({ error: (iss) => (blank(iss.input) ? missing : DRIVER_MESSAGES.invalidDate) })
      .regex(/^\d{4}-\d{2}-\d{2}$/, DRIVER_MESSAGES.invalidDate)
      .refine((s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      }, DRIVER_MESSAGES.invalidDate),
  );
const zDay = dayField();

/** A list sent as a JSON string (multipart) or as an array (JSON). */
const jsonList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return [];
  try {
    return JSON.parse(s);
  } catch {
    return v;
  }
};

const zDaysOff = z.preprocess(
  (v) => {
    const list = jsonList(v);
    return Array.isArray(list) ? list.map((d) => (typeof d === 'string' && /^\d+$/.test(d.trim()) ? Number(d) : d)) : list;
  },
  z
    .array(z.number({ error: DRIVER_MESSAGES.daysOff }).int(DRIVER_MESSAGES.daysOff).min(1, DRIVER_MESSAGES.daysOff).max(7, DRIVER_MESSAGES.daysOff), {
      error: DRIVER_MESSAGES.daysOff,
    })
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} ne peut pas dépasser ${max} caractères`);

// ---------------------------------------------------------------- licences

const required = DRIVER_MESSAGES.licenceFieldsRequired;

/**
 * One driving licence (permis). Number, type and delivery date are required, and the expiry date
 * when the licence is not permanent; a permanent licence keeps no expiry (one sent is ignored).
 */
export const ZDriverLicenceInput = z
  .preprocess(
    (v) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
      const o = { ...(v as Record<string, unknown>) };
      // The form of spec 000 names the country 'country_licence_delivery'.
      if (blank(o.country_delivery) && !blank(o.country_licence_delivery)) o.country_delivery = o.country_licence_delivery;
      delete o.country_licence_delivery;
      return o;
    },
    z.object(
      {
        type: z.preprocess(
          (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
          z.enum(LICENCE_TYPES, { error: (iss) => (blank(iss.input) ? required : DRIVER_MESSAGES.licenceType) }),
        ),
        driver_licence_number: z.string({ error: required }).trim().min(1, required).max(50, 'Le numéro de permis ne peut pas dépasser 50 caractères'),
        permanent: z.preprocess((v) => (blank(v) ? false : v), zFormBoolean),
        delivery_at: z.preprocess((v) => (blank(v) ? undefined : v), dayField(required)),
        expire_at: optional(zDay),
        country_delivery: optional(text(60, 'Le pays de délivrance')),
      },
      { error: required },
    ),
  )
  .superRefine((l, ctx) => {
    if (l.permanent) return;
    if (!l.expire_at) ctx.addIssue({ code: 'custom', path: ['expire_at'], message: required });
    else if (l.expire_at < l.delivery_at) ctx.addIssue({ code: 'custom', path: ['expire_at'], message: DRIVER_MESSAGES.licenceExpiryBeforeDelivery });
  })
  .transform((l) => ({ ...l, expire_at: l.permanent ? null : (l.expire_at ?? null), country_delivery: l.country_delivery ?? null }));
export type TDriverLicenceInput = z.input<typeof ZDriverLicenceInput>;
export type TDriverLicenceInputParsed = z.output<typeof ZDriverLicenceInput>;

/** The licences of a driver: at most one of each type. */
export const ZDriverLicences = z.preprocess(
  jsonList,
  z.array(ZDriverLicenceInput, { error: 'La liste des permis est invalide' }).superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((l, i) => {
      if (seen.has(l.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: DRIVER_MESSAGES.licenceDuplicate });
      seen.add(l.type);
    });
  }),
);

// ---------------------------------------------------------------- the driver form

const firstName = z
  .string({ error: DRIVER_MESSAGES.firstNameRequired })
  .trim()
  .min(1, DRIVER_MESSAGES.firstNameRequired)
  .max(100, 'Le prénom ne peut pas dépasser 100 caractères');
const lastName = z
  .string({ error: DRIVER_MESSAGES.lastNameRequired })
  .trim()
  .min(1, DRIVER_MESSAGES.lastNameRequired)
  .max(100, 'Le nom ne peut pas dépasser 100 caractères');

/** An image already uploaded through /api/file/upload (JSON bodies); multipart sends the file. */
const zImagePath = z.string().regex(/^\/api\/file\/[0-9a-f-]{36}$/i, 'Image invalide');

const driverFields = {
  first_name: firstName,
  last_name: lastName,
  phone: zPhone,
  email: optional(zEmail),
  cni_number: optional(text(50, 'Le numéro de CNI')),
  birthday: optional(zDay),
  sex: optional(z.enum(SEXES, { error: DRIVER_MESSAGES.sex })),
  place_birth: optional(text(100, 'Le lieu de naissance')),
  image: optional(zImagePath),
  grade_id: optional(zRefId('Grade invalide')),
  driver_type_id: z.preprocess((v) => (blank(v) ? undefined : v), zRefId(DRIVER_MESSAGES.driverTypeRequired)),
  driver_group_id: optional(zRefId('Groupe de chauffeurs invalide')),
  city_id: optional(zRefId('Ville invalide')),
  region_id: optional(zRefId('Région invalide')),
  start_work_at: optional(zDay),
  days_off: optional(zDaysOff),
  can_relay: optional(zFormBoolean),
  enable_withdraw: optional(zFormBoolean),
  tag: optional(text(50, "L'étiquette")),
  permis: optional(ZDriverLicences),
};

/** Aliases the spec's clients send ('place_Birth'). */
const withAliases = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  if (o.place_birth === undefined && o.place_Birth !== undefined) o.place_birth = o.place_Birth;
  delete o.place_Birth;
  return o;
};

/**
 * POST /driver. The submit checks of spec 000 section 5 (first name, last name, phone, driver
 * type), each with its message; the rest is optional and checked for format only.
 */
export const ZDriverInput = z.preprocess(withAliases, z.object(driverFields));
export type TDriverInput = z.input<typeof ZDriverInput>;
export type TDriverInputParsed = z.output<typeof ZDriverInput>;

/** The optional fields an edit may empty by naming them in `clear` (the photo included). */
export const DRIVER_CLEARABLE_FIELDS = [
  'email',
  'cni_number',
  'birthday',
  'sex',
  'place_birth',
  'image',
  'grade_id',
  'driver_group_id',
  'city_id',
  'region_id',
  'start_work_at',
  'tag',
] as const satisfies readonly (keyof typeof driverFields)[];

/**
 * PUT /driver/update/{id}: every field optional, each checked as on creation when sent; a field
 * not sent stays as it was, one named in `clear` is emptied. `permis` and `days_off`, when sent,
 * replace the driver's whole list (an empty list clears it).
 */
export const ZDriverUpdate = z.preprocess(
  withAliases,
  z
    .object({
      ...driverFields,
      first_name: firstName.optional(),
      last_name: lastName.optional(),
      phone: optional(zPhone),
      driver_type_id: optional(zRefId(DRIVER_MESSAGES.driverTypeRequired)),
      clear: zClear(DRIVER_CLEARABLE_FIELDS),
    })
    .superRefine(refuseSentAndCleared),
);
export type TDriverUpdate = z.input<typeof ZDriverUpdate>;
export type TDriverUpdateParsed = z.output<typeof ZDriverUpdate>;

// ---------------------------------------------------------------- answers

export const ZDriverRef = z.object({ id: z.number(), name: z.string() });

export const ZDriverLicence = z.object({
  id: z.string(),
  type: z.enum(LICENCE_TYPES),
  driver_licence_number: z.string(),
  permanent: z.boolean(),
  delivery_at: z.string().describe('yyyy-MM-dd'),
  expire_at: z.string().nullable().describe('yyyy-MM-dd, null for a permanent licence'),
  country_delivery: z.string().nullable(),
});
export type TDriverLicence = z.infer<typeof ZDriverLicence>;

export const ZDriverVehicle = z.object({
  id: z.string(),
  label: z.string().nullable(),
  registration_number: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  image: z.string().nullable().describe('Signed link to the first photo'),
});
export type TDriverVehicle = z.infer<typeof ZDriverVehicle>;

export const ZDriver = z.object({
  id: z.string(),
  park_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  cni_number: z.string().nullable(),
  birthday: z.string().nullable().describe('yyyy-MM-dd'),
  sex: z.enum(SEXES).nullable(),
  place_birth: z.string().nullable(),
  image: z.string().nullable().describe('Signed link'),
  grade: ZDriverRef.nullable(),
  grade_id: z.number().nullable(),
  driver_type: ZDriverRef.nullable(),
  driver_type_id: z.number().nullable(),
  driver_group_id: z.number().nullable(),
  city_id: z.number().nullable(),
  region_id: z.number().nullable(),
  start_work_at: z.string().nullable().describe('yyyy-MM-dd'),
  days_off: z.array(z.number()).describe('1 = Monday ... 7 = Sunday'),
  can_relay: z.boolean(),
  enable_withdraw: z.boolean(),
  status: z.enum(DRIVER_STATUSES),
  blocked_at: z.string().nullable().describe('yyyy-MM-ddTHH:mm:ss (park time)'),
  block_reason: z.string().nullable(),
  desactivate_at: z.string().nullable().describe('yyyy-MM-ddTHH:mm:ss (park time)'),
  tag: z.string().nullable(),
  permis: z.array(ZDriverLicence),
  current_vehicle: ZDriverVehicle.nullable().describe("The vehicle whose work planning lists the driver (today's first)"),
  yango_profile: ZYangoProfileLink.nullable().describe('His link to his Yango profile, when imported or connected'),
  // Money fields (spec 001 section 3), in the park currency.
  sold: z.number().describe("The driver's balance: what the park owes him"),
  dettes: z.number().describe('What remains on his unpaid recipes before today, and on his debts'),
  nbDettesRecipes: z.number().describe('How many recipes make up dettes'),
  nb_recipes_not_collected: z.number().describe('Same as nbDettesRecipes'),
  ca_this_month: z.number().describe('What his recipe collections brought this month'),
  created_at: z.string(),
});
export type TDriver = z.infer<typeof ZDriver>;

/** One vehicle configuration listing the driver, as GET /driver/all-data shows it. */
export const ZDriverAssignment = z.object({
  vehicle: ZDriverVehicle.extend({ status: z.string() }),
  position: z.number().describe('1 for the first driver of the configuration, 2 for the second'),
  work_day: z.array(z.number()).describe('1 = Monday ... 7 = Sunday; empty when the planning decides (alternation, hourly)'),
  start_work_at: z.string().nullable(),
  hour_interval_id: z.number().nullable(),
  work_planning: z.enum(['hourly', 'daily', 'weekly']).nullable(),
  number_drivers: z.number().nullable(),
  start_date: z.string().nullable().describe('HH:mm'),
  end_date: z.string().nullable().describe('HH:mm'),
  passation_date: z.string().nullable().describe('HH:mm, hourly planning only'),
  salary_day_id: z.number().nullable(),
});
export type TDriverAssignment = z.infer<typeof ZDriverAssignment>;

export const ZDriverAllData = ZDriver.extend({ configs: z.array(ZDriverAssignment) });
export type TDriverAllData = z.infer<typeof ZDriverAllData>;

// ---------------------------------------------------------------- other calls

const zQueryBoolean = z.preprocess((v) => (typeof v === 'string' ? ['true', '1'].includes(v.trim().toLowerCase()) : v), z.boolean());

export const ZDriverListQuery = ZPageQuery.extend({
  park_id: z.string().optional(),
  status: z.enum(DRIVER_STATUSES, { error: 'Statut invalide (active, suspended ou deactivated)' }).optional(),
  can_assign: zQueryBoolean.optional().describe('true: only the drivers who can be assigned (active)'),
  available_on_date: zDay.optional().describe('yyyy-MM-dd: active drivers free that day (no vehicle planning, not a day off)'),
  grade_id: optional(zRefId('Grade invalide')),
  driver_type_id: optional(zRefId('Type de chauffeur invalide')),
  driver_group_id: optional(zRefId('Groupe de chauffeurs invalide')),
});
export type TDriverListQuery = z.infer<typeof ZDriverListQuery>;

export const ZSuspendDriver = z.object({
  driver_id: zId,
  reason: optional(text(500, 'Le motif')),
  park_id: z.string().optional(),
});
export type TSuspendDriver = z.input<typeof ZSuspendDriver>;

export const ZEnableWithdraw = z.object({
  status: zFormBoolean,
  driver_id: zId,
  park_id: z.string().optional(),
});
export type TEnableWithdraw = z.input<typeof ZEnableWithdraw>;

export const ZAgent = z.object({
  profile_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type TAgent = z.infer<typeof ZAgent>;
