import { z } from 'zod';
import { PASSWORD_MESSAGES } from './constants.ts';
import { zClear } from './clear-fields.ts';
import { zEmail, zNewPassword, zPhone } from './formats.ts';
import { zServiceSoonDays, zServiceSoonKm } from './reminders.ts';
import { zGpsRetentionDays } from './phone-gps.ts';

// Company data, password change, reset, deletion and the country list (spec 002 sections 2, 5, 7).

/**
 * An IANA zone name ('Africa/Douala', 'UTC') the platform's Intl knows. Offsets like '+01:00' are
 * refused: a park follows its region's rules, which an offset can't carry.
 */
export function isValidTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const PARK_NAME_MESSAGES = {
  required: "Le nom de l'entreprise est requis",
  min: "Le nom de l'entreprise doit contenir au moins 2 caractères",
  max: "Le nom de l'entreprise ne peut pas dépasser 80 caractères",
} as const;
export const UNKNOWN_COUNTRY_MESSAGE = 'Pays inconnu';
export const UNKNOWN_CURRENCY_MESSAGE = 'Devise inconnue';
export const INVALID_TIME_ZONE_MESSAGE = 'Fuseau horaire invalide';

/**
 * Company data as the form edits it: every field optional on update (PUT /park/{park_id} and
 * PUT /account). Country and currency are checked here for their shape; the server also checks
 * them against its country list ('Pays inconnu', 'Devise inconnue').
 */
/** The optional company fields an edit may empty by naming them in `clear`. */
export const PARK_CLEARABLE_FIELDS = ['city', 'phone', 'legal_notice'] as const;

export const ZParkUpdate = z.object({
  name: z
    .string({ error: PARK_NAME_MESSAGES.required })
    .trim()
    .min(1, PARK_NAME_MESSAGES.required)
    .min(2, PARK_NAME_MESSAGES.min)
    .max(80, PARK_NAME_MESSAGES.max)
    .optional(),
  country_code: z
    .string({ error: UNKNOWN_COUNTRY_MESSAGE })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, UNKNOWN_COUNTRY_MESSAGE)
    .optional(),
  city: z.string().trim().max(80, 'La ville ne peut pas dépasser 80 caractères').optional(),
  currency: z
    .string({ error: UNKNOWN_CURRENCY_MESSAGE })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, UNKNOWN_CURRENCY_MESSAGE)
    .optional(),
  time_zone: z
    .string({ error: INVALID_TIME_ZONE_MESSAGE })
    .trim()
    .refine(isValidTimeZone, INVALID_TIME_ZONE_MESSAGE)
    // 'africa/douala' is accepted and stored as the zone's own spelling.
    .transform((zone) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone)
    .optional(),
  phone: zPhone.optional(),
  legal_notice: z.string().trim().max(2000, 'Les mentions légales ne peuvent pas dépasser 2000 caractères').optional(),
  operations_need_confirmation: z.boolean({ error: 'Valeur invalide : oui ou non attendu' }).optional(),
  service_soon_days: zServiceSoonDays.optional().describe("A service reminder is 'soon' this many days before it falls due"),
  service_soon_km: zServiceSoonKm.optional().describe("A service reminder is 'soon' this many kilometres before it falls due"),
  gps_retention_days: zGpsRetentionDays.optional().describe('Phone positions are kept this many days (1 to 730), then deleted'),
  remove_logo: z.boolean({ error: 'Valeur invalide : oui ou non attendu' }).optional().describe('true clears the logo'),
  clear: zClear(PARK_CLEARABLE_FIELDS).describe('Optional fields to empty (blank values are cleaned out of bodies)'),
});
export type TParkUpdate = z.infer<typeof ZParkUpdate>;

/** The company data of a park, as GET /park/{park_id} answers and the company form loads it. */
export const ZParkDetail = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  country_code: z.string(),
  city: z.string().nullable(),
  currency: z.string(),
  time_zone: z.string(),
  phone: z.string().nullable(),
  phone_code: z.string().nullable(),
  legal_notice: z.string().nullable(),
  logo: z.string().nullable().describe('Stored file path (/api/file/<id>)'),
  logo_url: z.string().nullable().describe('Signed link to the logo an <img> tag can load (valid about an hour)'),
  operations_need_confirmation: z.boolean(),
  service_soon_days: z.number().describe("A service reminder is 'soon' this many days before it falls due"),
  service_soon_km: z.number().describe("A service reminder is 'soon' this many kilometres before it falls due"),
  // Optional in the type only (older callers' fixtures); the server always sends it.
  gps_retention_days: z.number().optional().describe('Phone positions are kept this many days, then deleted'),
});
export type TParkDetail = z.infer<typeof ZParkDetail>;

/** What anyone signed in sees of a park found by its code (to ask to join it). */
export const ZParkByCode = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  city: z.string().nullable(),
  country_code: z.string(),
  logo: z.string().nullable().describe('Signed link to the logo'),
});
export type TParkByCode = z.infer<typeof ZParkByCode>;

export const OLD_PASSWORD_REQUIRED_MESSAGE = "L'ancien mot de passe est requis";
export const SAME_PASSWORD_MESSAGE = "Le nouveau mot de passe doit être différent de l'ancien";

/** POST /admin-reset-password: the signed-in person changes their password (spec 002 section 5). */
export const ZChangePassword = z
  .object({
    email: zEmail.optional().describe("Sent by the spec's form; the account is always the caller's"),
    password: z.string({ error: OLD_PASSWORD_REQUIRED_MESSAGE }).min(1, OLD_PASSWORD_REQUIRED_MESSAGE).describe('The current password'),
    new_password: zNewPassword,
    new_password_confirm: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.new_password_confirm !== undefined && v.new_password_confirm !== v.new_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password_confirm'], message: PASSWORD_MESSAGES.mismatch });
    }
    if (v.password && v.new_password === v.password) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: SAME_PASSWORD_MESSAGE });
    }
  });
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const RESET_NOTHING_CHOSEN_MESSAGE = 'Sélectionnez au moins un élément à réinitialiser';

/** One thing a reset can wipe (administrators, roles, files, and later vehicles, drivers ...). */
export const ZResetOption = z.object({ code: z.string(), label: z.string(), description: z.string() });
export type TResetOption = z.infer<typeof ZResetOption>;

export const ZParkReset = z.object({
  options: z
    .array(z.string({ error: RESET_NOTHING_CHOSEN_MESSAGE }), { error: RESET_NOTHING_CHOSEN_MESSAGE })
    .min(1, RESET_NOTHING_CHOSEN_MESSAGE),
});
export type TParkReset = z.infer<typeof ZParkReset>;

/** A country of GET /location/country: French name, ISO 3166 codes, dialling code, currency. */
export const ZCountry = z.object({
  id: z.number().describe('ISO 3166-1 numeric code'),
  name: z.string(),
  iso_code: z.string().describe('ISO 3166-1 alpha-2'),
  flag: z.string().describe('Flag emoji'),
  phonecode: z.string().describe('Dialling code, digits only'),
  currency: z.string().describe('ISO 4217 code'),
  longitude: z.number(),
  latitude: z.number(),
});
export type TCountry = z.infer<typeof ZCountry>;
