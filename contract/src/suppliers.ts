import { z } from 'zod';
import { formList } from './form-list.ts';
import { zEmail, zPhone } from './formats.ts';
import { ZPageQuery } from './pagination.ts';
import { INT4_MAX } from './constants.ts';

/**
 * Suppliers (prestataires): the garages, parts sellers and insurers a park works with, filed in
 * categories, with their correspondents (issue 18 section 4; spec 002 sections 2, 3, 5, 7, 8).
 * The server validates POST/PUT /supplier with ZSupplierInput and the supplier form uses it too.
 * The form sends multipart data (with the logo), so `categories` and `contacts` may arrive as JSON
 * strings, and `categories` also as repeated `categories[]` fields or a comma list.
 */

/** The spec's words, spelled as french.md corrects them. */
export const SUPPLIER_MESSAGES = {
  categoriesRequired: 'Veuillez sélectionner au moins une catégorie',
  nameRequired: 'Le nom du prestataire est requis',
  contactInvalid: 'Entrez des informations valides',
  categoryNameRequired: 'Le nom de la catégorie est requis',
  noCategories: "Aucune catégorie de fournisseur ajoutée pour l'instant",
  // Success toasts (spec 002 section 8, 'Fournisseur ajouté/mise à jour avec success' split in two).
  added: 'Fournisseur ajouté avec succès',
  updated: 'Fournisseur mis à jour avec succès',
  categoryAdded: 'Catégorie ajoutée avec succès',
  categoryDeleted: 'Catégorie supprimée',
  contactAdded: 'Correspondant ajouté',
  deactivated: 'Prestataire suspendu',
  activated: 'Prestataire réactivé',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blank = (v: unknown) => v === null || v === undefined || v === 'Unknown' || (typeof v === 'string' && v.trim() === '');
/** An optional field: blank form inputs read as "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
const text = (max: number, label: string) => z.string().trim().max(max, `${label} ne peut pas dépasser ${max} caractères`);

/** A list sent as a JSON string (multipart) or as an array (JSON). */
const jsonList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

// ---------------------------------------------------------------- correspondents

const contactField = (max: number) => z.string({ error: SUPPLIER_MESSAGES.contactInvalid }).trim().min(1, SUPPLIER_MESSAGES.contactInvalid).max(max, SUPPLIER_MESSAGES.contactInvalid);

/** A correspondent: all four fields are required ('Entrez des informations valides'), phone and email well formed. */
export const ZSupplierContact = z.object(
  {
    name: contactField(100),
    phone: contactField(30).pipe(zPhone),
    email: contactField(200).pipe(zEmail),
    function: contactField(100),
  },
  { error: SUPPLIER_MESSAGES.contactInvalid },
);
export type TSupplierContact = z.output<typeof ZSupplierContact>;
export type TSupplierContactInput = z.input<typeof ZSupplierContact>;

// ---------------------------------------------------------------- the supplier form

const zCategoryIds = z.preprocess(
  (v) => {
    const list = formList(v);
    return Array.isArray(list) ? list.filter((x) => !blank(x)) : list;
  },
  z
    .array(z.string({ error: 'Catégorie invalide' }).trim().regex(UUID, 'Catégorie invalide'), { error: SUPPLIER_MESSAGES.categoriesRequired })
    .min(1, SUPPLIER_MESSAGES.categoriesRequired)
    .max(50, 'Choisissez 50 catégories au plus')
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
);

const zRegionId = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: 'Région invalide' }).int('Région invalide').positive('Région invalide').max(INT4_MAX, 'Région invalide'),
);

/**
 * The supplier form (create and edit). An edit replaces the whole record: a field left out is
 * emptied, the categories and correspondents are the lists sent. The logo travels as a file
 * (`logo`) and is kept on edit unless a new one is sent or `remove_logo` is true.
 */
export const ZSupplierInput = z.object({
  name: z.string({ error: SUPPLIER_MESSAGES.nameRequired }).trim().min(1, SUPPLIER_MESSAGES.nameRequired).max(150, 'Le nom ne peut pas dépasser 150 caractères'),
  business_name: optional(text(150, 'La raison sociale')),
  /** The web sends '-' (spec 002 section 5). */
  social_reason: optional(text(150, 'La raison sociale')),
  niu: optional(text(50, 'Le numéro de contribuable')),
  rccm: optional(text(50, 'Le RCCM')),
  phone: zPhone,
  email: optional(zEmail),
  region_id: optional(zRegionId),
  city: optional(text(100, 'La ville')),
  /** The district (Quartier). */
  street: optional(text(200, 'Le quartier')),
  categories: z.preprocess((v) => (blank(v) ? [] : v), zCategoryIds),
  contacts: z.preprocess(
    (v) => (blank(v) ? [] : jsonList(v)),
    z.array(ZSupplierContact, { error: SUPPLIER_MESSAGES.contactInvalid }).max(20, 'Ajoutez 20 correspondants au plus'),
  ),
  remove_logo: optional(z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Valeur attendue : true ou false' }))),
  park_id: z.string().optional(),
});
export type TSupplierInput = z.input<typeof ZSupplierInput>;
export type TSupplierInputParsed = z.output<typeof ZSupplierInput>;

/** The image extensions the logo accepts (spec 002 section 5), one file. */
export const SUPPLIER_LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg'] as const;

// ---------------------------------------------------------------- answers

export const ZSupplierCategoryRef = z.object({ supplier_category: z.object({ id: z.string(), name: z.string() }) });

export const ZSupplier = z.object({
  id: z.string(),
  park_id: z.string(),
  name: z.string(),
  business_name: z.string().nullable(),
  social_reason: z.string().nullable(),
  niu: z.string().nullable(),
  rccm: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  region_id: z.number().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  logo: z.string().nullable().describe('A signed link to the logo, or null'),
  desactivate_at: z.string().nullable().describe('yyyy-MM-ddTHH:mm:ss when suspended, null when active'),
  categories: z.array(ZSupplierCategoryRef).describe('supplier_on_category list, by category name'),
  contacts: z.array(z.object({ name: z.string(), phone: z.string(), email: z.string(), function: z.string() })),
  created_at: z.string(),
});
export type TSupplier = z.infer<typeof ZSupplier>;

/** One supplier with what its page shows beside it. */
export const ZSupplierDetail = ZSupplier.extend({
  paid_this_year: z.number().nullable().describe('Confirmed expenses paid to it this calendar year (park currency); null without READ_FINANCE'),
  maintenances_count: z.number().describe('Maintenances done or planned with it'),
});
export type TSupplierDetail = z.infer<typeof ZSupplierDetail>;

export const SUPPLIER_STATUSES = ['enable', 'disabled'] as const;
export type TSupplierStatus = (typeof SUPPLIER_STATUSES)[number];

export const ZSupplierListQuery = ZPageQuery.extend({
  park_id: z.string().optional(),
  status: z.enum(SUPPLIER_STATUSES, { error: 'Statut invalide (enable ou disabled)' }).optional().describe("'Actifs' (enable) or 'Désactivés' (disabled); both when absent"),
  category: optional(z.string().trim().regex(UUID, 'Catégorie invalide')).describe('A category id'),
});
export type TSupplierListQuery = z.input<typeof ZSupplierListQuery>;
export type TSupplierListQueryParsed = z.output<typeof ZSupplierListQuery>;

export const ZSupplierCategoryInput = z.object({
  name: z.string({ error: SUPPLIER_MESSAGES.categoryNameRequired }).trim().min(1, SUPPLIER_MESSAGES.categoryNameRequired).max(100, 'Le nom de la catégorie ne peut pas dépasser 100 caractères'),
  park_id: z.string().optional(),
});
export type TSupplierCategoryInput = z.input<typeof ZSupplierCategoryInput>;

export const ZSupplierCategory = z.object({
  id: z.string(),
  name: z.string(),
  suppliers: z.number().describe('How many suppliers are filed in it'),
  createdAt: z.string(),
});
export type TSupplierCategory = z.infer<typeof ZSupplierCategory>;

/** The name a person sees for a supplier: its name, and the company's when it differs. */
export function supplierDisplayName(s: { name: string; business_name?: string | null }): string {
  const business = s.business_name?.trim();
  return business && business.toLowerCase() !== s.name.trim().toLowerCase() ? `${s.name} (${business})` : s.name;
}
