import { z } from 'zod';
import './formats.ts';

/**
 * The profit-and-loss chart of a park (spec 001 sections 2.10, 3, 5, 7): categories (accounts) and
 * their sub-accounts, nested at most 3 deep, each a revenue (profit) or an expense (perte). Every
 * operation is filed under one of them. Some carry a code the money rules act on (spec 001 section
 * 5: recette needs a driver and a vehicle, carburant a fuel type ...).
 */

export const PNL_TYPES = ['profit', 'perte'] as const;
export type TPnlType = (typeof PNL_TYPES)[number];
export const PNL_TYPE_LABELS: Record<TPnlType, string> = { profit: 'Revenu', perte: 'Dépense' };

/** Sub-account codes with special behaviour (spec 001 section 3), and the salary account. */
export const PNL_CODES = [
  'recette',
  'location',
  'livraison',
  'driver_encaissement',
  'carburant',
  'assurance',
  'contravention',
  'repair_maintain',
  'change',
  'maintain',
  'vidange',
  'reparation',
  'salary',
  /** Where withdrawal fees are booked (the 'Frais de retrait' expense). */
  'withdraw_fees',
  /** Hire-purchase instalments drivers pay on their contracts (revenue). */
  'contract_driver',
  /** What the park pays vehicle owners under partner contracts (expense). */
  'contract_partner',
  /** Rides booked for business clients (revenue; the revenue chart's 'Courses'). */
  'course',
] as const;
export type TPnlCode = (typeof PNL_CODES)[number];

/** Categories are level 1; sub-accounts nest under them down to level 3. */
export const PNL_MAX_DEPTH = 3;

export const PNL_MESSAGES = {
  nameRequired: 'Le nom de la catégorie est requis',
  nameTooLong: 'Le nom de la catégorie ne peut pas dépasser 100 caractères',
  type: 'Le type doit être profit ou perte',
  depthReached: '(limite atteinte)',
  depthReachedLong: 'Impossible d’ajouter une sous-catégorie ici : 3 niveaux au plus (limite atteinte)',
  typeOfParent: 'Une sous-catégorie a le type de sa catégorie',
  nameTaken: 'Une catégorie porte déjà ce nom à cet endroit',
  notFound: 'Catégorie introuvable',
  hasOperations: 'Cette catégorie a des opérations : elle ne peut pas être supprimée',
  defaultAccount: 'Cette catégorie est utilisée par Flotte (recettes, carburant, salaires ...) : elle ne peut pas être supprimée',
} as const;

export const PNL_SUCCESS = { added: 'Catégorie ajoutée', updated: 'Catégorie modifiée', deleted: 'Catégorie supprimée' } as const;

const zName = z.string({ error: PNL_MESSAGES.nameRequired }).trim().min(1, PNL_MESSAGES.nameRequired).max(100, PNL_MESSAGES.nameTooLong);
const zType = z.enum(PNL_TYPES, { error: PNL_MESSAGES.type });
const zAccountId = z.string({ error: PNL_MESSAGES.notFound }).uuid(PNL_MESSAGES.notFound);

/**
 * POST /pnl-account (a category) or /pnl-sub-account (account_id names the parent). A
 * sub-category takes its parent's type: sending another is refused.
 */
export const ZPnlAccountInput = z.object({
  name: zName,
  type: zType.optional(),
  account_id: zAccountId.optional(),
  park_id: z.string().optional(),
});
export type TPnlAccountInput = z.input<typeof ZPnlAccountInput>;

/** PUT …/update/{id}: the name (a category keeps its place and type). */
export const ZPnlAccountUpdate = z.object({ name: zName, park_id: z.string().optional() });

export const ZPnlListQuery = z.object({ park_id: z.string().optional(), type: zType.optional() });
export const ZPnlSubListQuery = z.object({ park_id: z.string().optional(), category_id: zAccountId.optional(), type: zType.optional() });

export interface TPnlAccount {
  id: string;
  name: string;
  type: TPnlType;
  code: TPnlCode | null;
  default: boolean;
  depth: number;
  account_id: string | null;
  /** The level-1 category it belongs to (itself for a category). */
  accounting_category: { id: string; name: string };
  /** Whether a sub-category may still be added under it (depth below 3). */
  can_add_child: boolean;
  children: TPnlAccount[];
}

export const ZPnlAccount: z.ZodType<TPnlAccount> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: zType,
    code: z.enum(PNL_CODES).nullable(),
    default: z.boolean(),
    depth: z.number().int(),
    account_id: z.string().nullable(),
    accounting_category: z.object({ id: z.string(), name: z.string() }),
    can_add_child: z.boolean(),
    children: z.array(ZPnlAccount),
  }),
);
