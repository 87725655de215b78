import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { ZAddress, ZAddressInput, ROUTE_SOURCES, zLatLngPath } from './geo.ts';
import { CLIENT_SEXES } from './clients.ts';
import { INT4_MAX } from './constants.ts';
import { ZPageQuery } from './pagination.ts';
import { refuseSentAndCleared, zClear } from './clear-fields.ts';
import { isWireDateTime, isDayOrWireDate } from './wire-date.ts';

/**
 * Courses: rides a park books for its business clients (issue 20 section 2; spec 000 sections 3, 4,
 * 7; spec 002 rides). A course waits ('awaiting') until its start, runs ('inProgres') once started
 * with a vehicle and a driver, and ends finished or canceled; one never started by its end is
 * 'missed'. Finishing records its revenue through the ledger, into a caisse or as the client's
 * receivable (settled later into a caisse). Dates on the wire are wall-clock times of the park.
 */

export const COURSE_STATUSES = ['awaiting', 'inProgres', 'finished', 'canceled', 'missed'] as const;
export type TCourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<TCourseStatus, string> = {
  awaiting: 'En attente',
  inProgres: 'En cours',
  finished: 'Terminé',
  canceled: 'Annulé',
  missed: 'Manquée',
};

/** Spec 000 section 3: replacement 1, maintenance 2. */
export const COURSE_KINDS = [1, 2] as const;
export type TCourseKind = (typeof COURSE_KINDS)[number];
export const COURSE_KIND_LABELS: Record<TCourseKind, string> = { 1: 'Remplacement', 2: 'Entretien' };

/** The list's three groups: running, coming (awaiting), past (finished, canceled, missed). */
export const COURSE_GROUPS = ['current', 'upcoming', 'past'] as const;
export type TCourseGroup = (typeof COURSE_GROUPS)[number];
export const COURSE_GROUP_LABELS: Record<TCourseGroup, string> = { current: 'En cours', upcoming: 'À venir', past: 'Passées' };
export const COURSE_GROUP_STATUSES: Record<TCourseGroup, readonly TCourseStatus[]> = {
  current: ['inProgres'],
  upcoming: ['awaiting'],
  past: ['finished', 'canceled', 'missed'],
};

/** Where a finished course's revenue goes: into a caisse now, or owed by the client (settled later). */
export const COURSE_PAYMENT_MODES = ['caisse', 'receivable'] as const;
export type TCoursePaymentMode = (typeof COURSE_PAYMENT_MODES)[number];
export const COURSE_PAYMENT_MODE_LABELS: Record<TCoursePaymentMode, string> = { caisse: 'Encaissé dans une caisse', receivable: 'À régler par le client' };

/** A course is editable unless running, open (cancellable) unless finished or canceled (spec 000 section 4). */
export function courseEditable(status: TCourseStatus): boolean {
  return status === 'awaiting' || status === 'missed';
}
export function courseOpen(status: TCourseStatus): boolean {
  return status !== 'finished' && status !== 'canceled';
}

/** The spec's words (spec 000 section 8 as french.md corrects them), then ours. */
export const COURSE_MESSAGES = {
  created: 'Course programmée avec succès',
  updated: 'Course mise à jour',
  canceled: 'Course annulée',
  finished: 'Course terminée',
  started: 'Course démarrée',
  settled: 'Règlement enregistré',
  tariffSaved: 'Tarif des courses mis à jour',
  empty: "Vous n'avez pas encore programmé de course\u00a0!",
  infoTitle: 'Infos courses',
  order: 'Bon de commande',
  cancelConfirm: 'Êtes-vous sûr de vouloir annuler cette course\u00a0? Cette action est irréversible.',
  // Form checks, in the form's order.
  client: 'Veuillez sélectionner un client',
  startAddress: "Veuillez choisir l'adresse de départ",
  endAddress: "Veuillez choisir l'adresse d'arrivée",
  startDate: "Veuillez renseigner la date et l'heure de départ",
  endDate: "Veuillez renseigner la date et l'heure d'arrivée",
  endBeforeStart: "L'arrivée doit être postérieure au départ",
  people: 'Le nombre de personnes doit être un entier supérieur ou égal à 1',
  amount: 'Entrez un montant valide',
  paymentMode: 'Choisissez où va le montant de la course',
  caisse: 'Veuillez sélectionner une caisse',
} as const;

const zText = z.string().trim();
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
const zUuidish = (message: string) => z.string({ error: message }).trim().regex(/^[0-9a-f-]{36}$/i, message);
const zWire = (message: string) => z.string({ error: message }).trim().refine(isWireDateTime, message).describe('yyyy-MM-ddTHH:mm:ss, heure du parc');
/** Amounts in the park's currency; 0 allowed (a course offered). */
const zAmount = z
  .union([z.number(), zText.regex(/^\d+(\.\d+)?$/, COURSE_MESSAGES.amount).transform(Number)], { error: COURSE_MESSAGES.amount })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 1e12, COURSE_MESSAGES.amount);
const zPeople = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: COURSE_MESSAGES.people }).int(COURSE_MESSAGES.people).min(1, COURSE_MESSAGES.people).max(100, COURSE_MESSAGES.people),
);
/** A required address: absent or blank reads as 'choose an address' (the form's message), else the address rules. */
const zAddressOf = (message: string) => z.preprocess((v) => (blank(v) ? undefined : v), z.object(ZAddressInput.shape, { error: message }));

/** POST /course: the booking. Vehicle and driver may come later; the course starts only with both. */
export const ZCourseCreate = z
  .object({
    client_id: zUuidish(COURSE_MESSAGES.client),
    contact_id: optional(zUuidish('Contact invalide')),
    start_address: zAddressOf(COURSE_MESSAGES.startAddress),
    end_address: zAddressOf(COURSE_MESSAGES.endAddress),
    start_date: zWire(COURSE_MESSAGES.startDate),
    end_date: zWire(COURSE_MESSAGES.endDate),
    vehicle_id: optional(zUuidish('Véhicule invalide')),
    driver_id: optional(zUuidish('Chauffeur invalide')),
    number_of_people: zPeople.default(1),
    amount: zAmount,
    description: optional(zText.max(2000, 'La description ne peut pas dépasser 2000 caractères')),
    kind: optional(z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'Type de course invalide' }))).describe('1 remplacement (défaut), 2 entretien'),
    maintenance_id: optional(zUuidish('Entretien invalide')).describe("Type 2 : l'entretien que la course sert"),
    park_id: z.string().optional(),
  })
  .refine((c) => c.end_date > c.start_date, { path: ['end_date'], message: COURSE_MESSAGES.endBeforeStart });
export type TCourseCreate = z.input<typeof ZCourseCreate>;

/** What an edit may empty (bodies are cleaned of blanks, so emptying names the field in `clear`). */
export const COURSE_CLEARABLE_FIELDS = ['contact_id', 'vehicle_id', 'driver_id', 'description'] as const;

/**
 * PUT /course/{id}: the booking's fields (editable unless running), or a change of status:
 * 'canceled' (irreversible, open courses only), 'inProgres' (start now: vehicle and driver set),
 * 'finished' (with where the money goes). A field named in `clear` reads as null (emptied).
 */
export const ZCourseUpdate = z.object({
  client_id: optional(zUuidish(COURSE_MESSAGES.client)),
  contact_id: z.preprocess((v) => (v === '' ? null : v), zUuidish('Contact invalide').nullish()),
  start_address: optional(ZAddressInput),
  end_address: optional(ZAddressInput),
  start_date: optional(zWire(COURSE_MESSAGES.startDate)),
  end_date: optional(zWire(COURSE_MESSAGES.endDate)),
  vehicle_id: z.preprocess((v) => (v === '' ? null : v), zUuidish('Véhicule invalide').nullish()),
  driver_id: z.preprocess((v) => (v === '' ? null : v), zUuidish('Chauffeur invalide').nullish()),
  number_of_people: optional(zPeople),
  amount: optional(zAmount),
  description: z.preprocess((v) => (v === '' ? null : v), zText.max(2000, 'La description ne peut pas dépasser 2000 caractères').nullish()),
  kind: optional(z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'Type de course invalide' }))).describe('1 remplacement, 2 entretien'),
  maintenance_id: optional(zUuidish('Entretien invalide')).describe("Type 2 : l'entretien que la course sert"),
  status: optional(z.enum(['canceled', 'inProgres', 'finished'], { error: 'Statut invalide' })),
  /** status finished: where the revenue goes, and the caisse for 'caisse' (the cash account by default). */
  payment_mode: optional(z.enum(COURSE_PAYMENT_MODES, { error: COURSE_MESSAGES.paymentMode })),
  caisse_id: optional(zUuidish(COURSE_MESSAGES.caisse)),
  cancel_reason: optional(zText.max(1000, 'Le motif ne peut pas dépasser 1000 caractères')),
  clear: zClear(COURSE_CLEARABLE_FIELDS).describe('Champs à vider : contact_id, vehicle_id, driver_id, description'),
  park_id: z.string().optional(),
})
  .superRefine(refuseSentAndCleared)
  .transform((b) => {
    const out = { ...b };
    for (const field of b.clear ?? []) out[field] = null;
    return out;
  });
export type TCourseUpdate = z.input<typeof ZCourseUpdate>;

/** POST /course/{id}/settle: the client pays what he owes for a course, into a caisse. */
export const ZCourseSettle = z.object({ caisse_id: optional(zUuidish(COURSE_MESSAGES.caisse)), park_id: z.string().optional() });

/** GET/PUT /course/tariff: the park's price of a course, a base fee plus a price per km. */
export const ZCourseTariffInput = z.object({
  base_fee: zAmount,
  price_per_km: zAmount,
  park_id: z.string().optional(),
});
export const ZCourseTariff = z.object({ base_fee: z.number(), price_per_km: z.number(), currency: z.string() });
export type TCourseTariff = z.infer<typeof ZCourseTariff>;

/** GET /course/quote: distance by road and the suggested amount for a trip (and a vehicle). */
export const ZCourseQuoteQuery = z.object({
  from_lat: z.coerce.number(),
  from_lng: z.coerce.number(),
  to_lat: z.coerce.number(),
  to_lng: z.coerce.number(),
  vehicle_id: optional(zUuidish('Véhicule invalide')),
  start_date: optional(zWire(COURSE_MESSAGES.startDate)),
  end_date: optional(zWire(COURSE_MESSAGES.endDate)),
  park_id: z.string().optional(),
});
export const ZCourseQuote = z.object({
  distance_m: z.number(),
  duration_s: z.number().nullable(),
  source: z.enum(ROUTE_SOURCES),
  geometry: zLatLngPath,
  suggested_amount: z.number().nullable().describe('Montant suggéré, devise du parc ; null sans tarif'),
  pricing: z.string().nullable().describe('Comment le montant a été calculé, en français'),
});
export type TCourseQuote = z.infer<typeof ZCourseQuote>;

/** GET /course/availability: vehicles and drivers free over a span (planning, maintenance, other courses). */
export const ZCourseAvailabilityQuery = z.object({
  start_date: zWire(COURSE_MESSAGES.startDate),
  end_date: zWire(COURSE_MESSAGES.endDate),
  exclude_course_id: optional(zUuidish('Course invalide')),
  park_id: z.string().optional(),
});
export const ZCourseAvailability = z.object({
  vehicles: z.array(z.object({ id: z.string(), registration_number: z.string(), label: z.string().nullable(), seats: z.number().nullable(), current_driver_id: z.string().nullable() })),
  drivers: z.array(z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() })),
});
export type TCourseAvailability = z.infer<typeof ZCourseAvailability>;

const zPeriodBound = zText.refine(isDayOrWireDate, 'Date invalide (format attendu yyyy-MM-dd)');
export const ZCourseListQuery = ZPageQuery.extend({
  itemPerPage: z.coerce.number().int().min(1).max(1000).default(20),
  park_id: z.string().optional(),
  group: z.enum(COURSE_GROUPS, { error: 'Groupe invalide' }).optional(),
  status: z.enum(COURSE_STATUSES, { error: 'Statut invalide' }).optional(),
  client_id: optional(zUuidish('Client invalide')),
  vehicle_id: optional(zUuidish('Véhicule invalide')),
  driver_id: optional(zUuidish('Chauffeur invalide')),
  start_date: zPeriodBound.optional().describe('Courses qui finissent à partir de ce jour'),
  end_date: zPeriodBound.optional().describe("Courses qui commencent jusqu'à ce jour"),
});
export type TCourseListQuery = z.input<typeof ZCourseListQuery>;

const zRef = z.object({ id: z.string(), name: z.string() });

export const ZCourse = z.object({
  id: z.string(),
  number: z.number(),
  reference: z.string().describe('Numéro du bon de commande : BC-2026-0007'),
  park_id: z.string(),
  kind: z.number(),
  status: z.enum(COURSE_STATUSES),
  client: zRef.extend({ phone: z.string(), sex: z.enum(CLIENT_SEXES) }),
  contact: z.object({ id: z.string(), name: z.string(), phone: z.string(), sex: z.enum(CLIENT_SEXES) }).nullable(),
  start_address: ZAddress,
  end_address: ZAddress,
  start_date: z.string(),
  end_date: z.string(),
  vehicle: z.object({ id: z.string(), registration_number: z.string(), label: z.string().nullable(), current_driver: zRef.nullable() }).nullable(),
  driver: zRef.extend({ phone: z.string().nullable() }).nullable(),
  number_of_people: z.number(),
  amount: z.number(),
  distance: z.number().nullable().describe('Mètres'),
  duration: z.number().nullable().describe('Secondes'),
  distance_source: z.enum(ROUTE_SOURCES).nullable(),
  description: z.string().nullable(),
  maintenance_id: z.string().nullable(),
  payment_mode: z.enum(COURSE_PAYMENT_MODES).nullable(),
  settled_at: z.string().nullable().describe('Créance réglée le'),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  created_at: z.string(),
});
export type TCourse = z.infer<typeof ZCourse>;

export const ZCourseDetail = ZCourse.extend({
  geometry: zLatLngPath.describe('Le trajet, [latitude, longitude]'),
  caisse: zRef.nullable(),
  operation_id: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  can: z.object({ update: z.boolean(), cancel: z.boolean(), start: z.boolean(), finish: z.boolean(), settle: z.boolean() }),
});
export type TCourseDetail = z.infer<typeof ZCourseDetail>;

export const ZCoursePage = z.object({ items: z.array(ZCourse), meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number() }) });
export type TCoursePage = z.infer<typeof ZCoursePage>;

export const COURSE_REFERENCE_PREFIX = 'BC';
/** BC-2026-0007: the purchase order's number, by the year the course was booked. */
export function courseReference(number: number, createdAt: string): string {
  return `${COURSE_REFERENCE_PREFIX}-${createdAt.slice(0, 4)}-${String(number).padStart(4, '0')}`;
}

export const COURSE_MAX_NUMBER = INT4_MAX;
