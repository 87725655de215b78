import { z } from 'zod';
import { ZPageQuery } from './pagination.ts';
import { INT4_MAX } from './constants.ts';

/**
 * Reference data (issue 4, section 1): what vehicles and drivers are described with. Shared rows
 * come from the reference-data migration; contract types, document types and driver groups a park
 * adds stay in that park.
 */

// ---------------------------------------------------------------- well-known ids

/**
 * Ids the reference-data migration (server/migrations/0002_reference_data.sql) gives its rows.
 * Clients and other modules name some by number: document type 1 is the insurance, the one that
 * takes an insurer (supplier).
 */
export const DOCUMENT_TYPE_INSURANCE = 1;
export const DOCUMENT_TYPE_TECHNICAL_INSPECTION = 2;
export const DOCUMENT_TYPE_REGISTRATION_CARD = 3;
export const DOCUMENT_TYPE_PARKING_PERMIT = 4;
export const DOCUMENT_TYPE_VIGNETTE = 5;
export const DOCUMENT_TYPE_TRANSPORT_LICENCE = 6;
export const DOCUMENT_TYPE_PATENTE = 7;

/** A few other seeded rows tests and the demo may name. */
export const SEEDED_IDS = {
  vehicleType: { BERLINE: 1, CITADINE: 2, SUV: 3, MONOSPACE: 4, PICK_UP: 5, MINIBUS: 6, MOTO: 7, TRICYCLE: 8 },
  brand: { TOYOTA: 1, HYUNDAI: 2, SUZUKI: 3, KIA: 4, PEUGEOT: 5, RENAULT: 6 },
  model: { TOYOTA_COROLLA: 1, TOYOTA_YARIS: 2, TOYOTA_RAV4: 3, HYUNDAI_ACCENT: 10, SUZUKI_DZIRE: 15, KIA_RIO: 20, PEUGEOT_301: 24 },
  color: { BLANC: 1, NOIR: 2, GRIS: 3, ARGENT: 4, JAUNE: 7 },
  grade: { DEBUTANT: 1, INTERMEDIAIRE: 2, CONFIRME: 3, EXPERT: 4 },
  driverType: { TITULAIRE: 1, REMPLACANT: 2, TAXI: 3, VTC: 4, LIVREUR: 5 },
  contractType: { LOCATION: 1, LOCATION_VENTE: 2, MISE_A_DISPOSITION: 3, GESTION_POUR_PROPRIETAIRE: 4 },
} as const;

// ---------------------------------------------------------------- read models

export const ZRefItem = z.object({ id: z.number(), name: z.string() });
export type TRefItem = z.infer<typeof ZRefItem>;

export const ZColor = z.object({ id: z.number(), name: z.string(), hex: z.string().describe('#RRGGBB') });
export type TColor = z.infer<typeof ZColor>;

export const ZHour = z.object({ id: z.number(), name: z.string().describe("'8h'"), value: z.number().describe('0 to 23') });
export type THour = z.infer<typeof ZHour>;

export const ZCurrency = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().describe('ISO 4217 (XAF ...)'),
  country_code: z.string().describe('ISO 3166 alpha-2 of a country using it'),
});
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZModel = z.object({ id: z.number(), name: z.string(), brand_id: z.number() });
export type TModel = z.infer<typeof ZModel>;

// ---------------------------------------------------------------- queries

export const ZBrandQuery = ZPageQuery;
export const ZCurrencyQuery = z.object({
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Code pays invalide')
    .transform((v) => v.toUpperCase())
    .optional(),
});
export const ZBrandParams = z.object({ brandId: z.coerce.number({ error: 'Marque invalide' }).int('Marque invalide').positive('Marque invalide').max(INT4_MAX, 'Marque invalide') });

// ---------------------------------------------------------------- park additions

export const REFERENCE_NAME_MAX = 100;

/**
 * A name a park adds: trimmed, inner runs of spaces made one, so 'Carte  grise ' and 'Carte grise'
 * are the same name when duplicates are checked.
 */
const zRefName = (required: string) =>
  z
    .string({ error: required })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(REFERENCE_NAME_MAX, `Le nom ne peut pas dépasser ${REFERENCE_NAME_MAX} caractères`));

export const CONTRACT_TYPE_NAME_REQUIRED = 'Le nom du type de contrat est requis';
export const DOCUMENT_TYPE_NAME_REQUIRED = 'Entrez un nom de document valide';
export const DRIVER_GROUP_NAME_REQUIRED = 'Le nom du groupe est requis';

export const ZContractTypeInput = z.object({ name: zRefName(CONTRACT_TYPE_NAME_REQUIRED) });
export type TContractTypeInput = z.input<typeof ZContractTypeInput>;

export const ZDocumentTypeInput = z.object({ name: zRefName(DOCUMENT_TYPE_NAME_REQUIRED) });
export type TDocumentTypeInput = z.input<typeof ZDocumentTypeInput>;

export const ZDriverGroupInput = z.object({ name: zRefName(DRIVER_GROUP_NAME_REQUIRED) });
export type TDriverGroupInput = z.input<typeof ZDriverGroupInput>;
