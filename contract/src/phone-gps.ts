import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, ZPageQuery, zPage } from './pagination.ts';
import { isDayOrWireDate } from './wire-date.ts';

/**
 * Phone GPS (issue 22 section 2; spec 000 section 8 'phone history'). A driver who consented once in
 * his space has his phone report its position while he is on duty (his confirmed planning's hours),
 * at most one every 30 s. The park sees its drivers' last positions and each one's history; the
 * positions are deleted after the park's retention (90 days by default).
 */

/** One position every this many seconds at most, per driver. */
export const PHONE_GPS_INTERVAL_SECONDS = 30;
/** A fix older than this (its recorded_at against the server's clock) is refused. */
export const PHONE_GPS_MAX_FIX_AGE_SECONDS = 10 * 60;
/** A fix this far ahead of the server's clock is still accepted (phones' clocks drift a little). */
export const PHONE_GPS_CLOCK_SKEW_SECONDS = 60;
export const PHONE_GPS_DEFAULT_RETENTION_DAYS = 90;
export const PHONE_GPS_RETENTION_MIN_DAYS = 1;
export const PHONE_GPS_RETENTION_MAX_DAYS = 730;
/** Spec 000: the phone history's page size. */
export const PHONE_GPS_HISTORY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export const PHONE_GPS_MESSAGES = {
  consentGiven: 'Partage de votre position activé\u00a0: elle sera envoyée pendant vos heures de service',
  consentWithdrawn: 'Partage de votre position désactivé\u00a0: elle ne sera plus envoyée',
  consentRequired: "Vous n'avez pas accepté le partage de votre position\u00a0: activez-le dans votre espace",
  offDuty: "Vous n'êtes pas en service\u00a0: votre position n'est pas enregistrée",
  tooSoon: `Position déjà reçue il y a moins de ${PHONE_GPS_INTERVAL_SECONDS} secondes\u00a0: la suivante sera enregistrée dans un instant`,
  positionSaved: 'Position enregistrée',
  fixTooOld: "Position trop ancienne (plus de 10 minutes)\u00a0: elle n'est pas enregistrée",
  fixInFuture: "L'heure de la position est dans le futur\u00a0: vérifiez l'heure de votre téléphone",
  recordedAt: 'Heure de la position invalide',
  latitude: 'La latitude doit être comprise entre -90 et 90',
  longitude: 'La longitude doit être comprise entre -180 et 180',
  accuracy: 'La précision doit être un nombre de mètres positif',
  speed: 'La vitesse doit être un nombre positif',
  heading: 'Le cap doit être compris entre 0 et 360 degrés',
  consent: 'Indiquez si vous acceptez le partage de votre position (oui ou non)',
  date: 'Date invalide (format attendu AAAA-MM-JJ ou AAAA-MM-JJTHH:mm:ss)',
  period: 'La date de fin doit être postérieure à la date de début',
  retention: `La durée de conservation doit être comprise entre ${PHONE_GPS_RETENTION_MIN_DAYS} et ${PHONE_GPS_RETENTION_MAX_DAYS} jours`,
} as const;
const M = PHONE_GPS_MESSAGES;

/** parks.gps_retention_days as the company settings would carry it (1 to 730 days). */
export const zGpsRetentionDays = z.coerce.number({ error: M.retention }).int(M.retention).min(PHONE_GPS_RETENTION_MIN_DAYS, M.retention).max(PHONE_GPS_RETENTION_MAX_DAYS, M.retention);

// ---- The driver's side ----

/** A slot of his confirmed planning: when it starts and ends (wire datetimes, park zone). */
export const ZDriverShift = z.object({ start_date: z.string(), end_date: z.string() });
export type TDriverShift = z.infer<typeof ZDriverShift>;

/** GET /driver/me/gps: his consent and whether he is on duty now (his phone reports only then). */
export const ZDriverGpsStatus = z.object({
  consent: z.boolean(),
  consent_at: z.string().nullable().describe('Wire datetime he consented; null: not shared'),
  on_duty: z.boolean().describe('Now within one of his confirmed planning slots'),
  shift: ZDriverShift.nullable().describe('The slot he is in now, else his next slot of today; null: none'),
  interval_seconds: z.number().int().describe('Report at most this often'),
});
export type TDriverGpsStatus = z.infer<typeof ZDriverGpsStatus>;

/** POST /driver/me/gps/consent: given once; false withdraws it (the reports stop). */
export const ZDriverGpsConsentInput = z.object({ consent: z.boolean({ error: M.consent }) });
export type TDriverGpsConsentInput = z.infer<typeof ZDriverGpsConsentInput>;

/**
 * POST /driver/me/position, the browser's GeolocationPosition as it comes: coords.latitude,
 * coords.longitude, coords.accuracy (m), coords.speed (m/s, stored in km/h), coords.heading
 * (degrees; null or absent when unknown) and timestamp (epoch milliseconds).
 */
export const ZDriverPositionInput = z.object({
  latitude: z.number({ error: M.latitude }).min(-90, M.latitude).max(90, M.latitude),
  longitude: z.number({ error: M.longitude }).min(-180, M.longitude).max(180, M.longitude),
  accuracy: z.number({ error: M.accuracy }).min(0, M.accuracy).max(100_000, M.accuracy).describe('Metres'),
  speed: z.number({ error: M.speed }).min(0, M.speed).max(150, M.speed).nullish().describe('Metres per second, as the browser gives it'),
  heading: z.number({ error: M.heading }).min(0, M.heading).max(360, M.heading).nullish().describe('Degrees from north'),
  recorded_at: z
    .union([z.number().int().positive(), z.string().max(40)], { error: M.recordedAt })
    .describe("The fix time: epoch milliseconds (GeolocationPosition.timestamp), an ISO 8601 instant with Z or an offset, or a wire datetime in the park's zone"),
});
export type TDriverPositionInput = z.infer<typeof ZDriverPositionInput>;

export const ZDriverPositionAnswer = z.object({
  recorded_at: z.string().describe('Wire datetime of the fix stored'),
  next_in_seconds: z.number().int().describe('Send the next one after this'),
});
export type TDriverPositionAnswer = z.infer<typeof ZDriverPositionAnswer>;

// ---- The park's side ----

/** A stored phone position; times as wire datetimes in the park's zone. */
export const ZPhonePosition = z.object({
  id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().describe('Metres'),
  speed: z.number().nullable().describe('km/h'),
  heading: z.number().nullable().describe('Degrees from north'),
  recorded_at: z.string().describe("The phone's fix time"),
  received_at: z.string(),
});
export type TPhonePosition = z.infer<typeof ZPhonePosition>;

export const ZPhoneDriverRef = z.object({
  id: z.string().describe('The driver record'),
  profile_id: z.string().nullable().describe("His 'driver' profile (made at his first sign-in); null before"),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  image: z.string().nullable().describe('Signed link'),
});
export type TPhoneDriverRef = z.infer<typeof ZPhoneDriverRef>;

/** GET /gps/phones: every driver of the park who consented, with his last position. */
export const ZGpsPhone = z.object({
  driver: ZPhoneDriverRef,
  consent_at: z.string(),
  on_duty: z.boolean(),
  last_position: ZPhonePosition.nullable(),
  age_seconds: z.number().int().nullable().describe('Seconds since the last fix; null without one'),
});
export type TGpsPhone = z.infer<typeof ZGpsPhone>;
export const ZGpsPhones = z.object({
  items: z.array(ZGpsPhone),
  retention_days: z.number().int().describe("The park's retention: positions older than this are deleted"),
});
export type TGpsPhones = z.infer<typeof ZGpsPhones>;

const zBound = z.string().refine(isDayOrWireDate, M.date);
const from = (v: string) => (v.length === 10 ? `${v}T00:00:00` : v);
const to = (v: string) => (v.length === 10 ? `${v}T23:59:59` : v);

/**
 * GET /driver/position-history/{profile_id}?itemPerPage=5&page=&start_date&end_date. A day
 * (yyyy-MM-dd, the whole day for end_date) or a wire datetime, in the park's zone.
 */
export const ZPhoneHistoryQuery = ZPageQuery.omit({ search: true })
  .extend({ start_date: zBound.optional(), end_date: zBound.optional() })
  .refine((q) => !q.start_date || !q.end_date || from(q.start_date) <= to(q.end_date), { message: M.period, path: ['end_date'] });
export type TPhoneHistoryQuery = z.infer<typeof ZPhoneHistoryQuery>;

export const ZPhoneHistory = zPage(ZPhonePosition).extend({ driver: ZPhoneDriverRef });
export type TPhoneHistory = z.infer<typeof ZPhoneHistory>;
