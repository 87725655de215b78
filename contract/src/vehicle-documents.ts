import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { ZPageQuery } from './pagination.ts';
import { INT4_MAX } from './constants.ts';

/**
 * A vehicle's papers (insurance, technical inspection, registration card ...) and the park's list of
 * those ending soon (issue 4, section 4). The server validates with these schemas, the form too.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Document type 1 is the insurance: the only one whose supplier (the insurer) is kept. */
export const INSURANCE_DOCUMENT_TYPE = 1;
/** At most this many photos or scans per document. */
export const VEHICLE_DOCUMENT_MAX_IMAGES = 4;
/** A document ending within this many days (or fewer) shows as 'expiring'; the list's default window. */
export const DOCUMENT_EXPIRING_DAYS = 30;
export const DOCUMENT_EXPIRING_MAX_DAYS = 365;

export const VEHICLE_DOCUMENT_MESSAGES = {
  vehicle: 'Veuillez sélectionner le véhicule',
  documentType: 'Veuillez sélectionner le type de document',
  startDate: 'La date de début est requise',
  endDate: 'La date de fin est requise',
  invalidDate: 'Date invalide (format attendu yyyy-MM-dd)',
  endBeforeStart: 'La date de fin doit être postérieure à la date de début',
  supplier: 'Fournisseur invalide',
  days: 'Le nombre de jours doit être compris entre 1 et 365',
} as const;
const M = VEHICLE_DOCUMENT_MESSAGES;

/** A real calendar day written yyyy-MM-dd (2026-02-30 is refused, not rolled over to March). */
export function isCalendarDate(v: string): boolean {
  if (!DATE_ONLY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

function zDay(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true }).refine(isCalendarDate, M.invalidDate);
}

/**
 * POST /vehicle-document (JSON, or form data with up to 4 `images` files). In JSON, `images` may
 * name files already uploaded to the park ('/api/file/<id>'). `park_id` is checked by the guard.
 */
export const ZVehicleDocumentInput = z
  .object({
    vehicle_id: z.string({ error: M.vehicle }).regex(UUID, M.vehicle),
    document_type_id: z.coerce.number({ error: M.documentType }).int(M.documentType).positive(M.documentType).max(INT4_MAX, M.documentType),
    supplier_id: z.string().regex(UUID, M.supplier).optional(),
    name: z.string().trim().max(100, 'Le nom ne peut pas dépasser 100 caractères').optional(),
    start_date: zDay(M.startDate),
    end_date: zDay(M.endDate),
    description: z.string().trim().max(1000, 'La description ne peut pas dépasser 1000 caractères').optional(),
    images: z
      .array(z.string())
      .max(VEHICLE_DOCUMENT_MAX_IMAGES, `${VEHICLE_DOCUMENT_MAX_IMAGES} images au maximum`)
      .optional(),
  })
  .refine((v) => !isCalendarDate(v.start_date) || !isCalendarDate(v.end_date) || v.end_date >= v.start_date, {
    path: ['end_date'],
    message: M.endBeforeStart,
  });
export type TVehicleDocumentInput = z.input<typeof ZVehicleDocumentInput>;
export type TVehicleDocumentInputParsed = z.output<typeof ZVehicleDocumentInput>;

export const VEHICLE_DOCUMENT_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type TVehicleDocumentStatus = (typeof VEHICLE_DOCUMENT_STATUSES)[number];

export const ZVehicleDocument = z.object({
  id: z.string(),
  vehicle_id: z.string(),
  document_type: z.object({ id: z.number(), name: z.string() }),
  supplier_id: z.string().nullable(),
  name: z.string().nullable(),
  start_date: z.string().describe('yyyy-MM-dd'),
  end_date: z.string().describe('yyyy-MM-dd, the last day the document is valid'),
  description: z.string().nullable(),
  images: z.array(z.string()).describe('Signed links'),
  status: z.enum(VEHICLE_DOCUMENT_STATUSES).describe("From the park's today: expired after end_date, expiring within 30 days"),
  days_left: z.number().describe("end_date minus the park's today, in days (negative once expired)"),
  created_at: z.string(),
});
export type TVehicleDocument = z.infer<typeof ZVehicleDocument>;

export const ZExpiringVehicleDocument = ZVehicleDocument.extend({
  vehicle: z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string() }),
});
export type TExpiringVehicleDocument = z.infer<typeof ZExpiringVehicleDocument>;

/**
 * GET /vehicle-document/future-expired: the window in days from the park's today; `search` on the
 * vehicle's label or registration and the document type.
 */
export const ZExpiringDocumentsQuery = ZPageQuery.extend({
  days: z.coerce.number({ error: M.days }).int(M.days).min(1, M.days).max(DOCUMENT_EXPIRING_MAX_DAYS, M.days).default(DOCUMENT_EXPIRING_DAYS),
});
export type TExpiringDocumentsQuery = z.output<typeof ZExpiringDocumentsQuery>;
