import { z } from 'zod';
import './formats.ts';
import { ZPageQuery } from './pagination.ts';
import { PNL_TYPES, type TPnlCode } from './pnl.ts';

/**
 * Operations, also called fund movements (spec 001 sections 2.1, 2.8, 2.9, 3, 4, 5): a revenue or
 * an expense of the park, filed under a P&L sub-account and held in a caisse. The server and the
 * fund movement dialog run the same checks, in the same order, with the same messages
 * (`fundMovementError`), so the person sees the first thing to fix whichever side finds it.
 */

// ---------------------------------------------------------------- rules and texts

/** Sub-account codes whose operations concern a driver and their vehicle (check 5). */
export const DRIVER_AND_VEHICLE_CODES = ['recette', 'location', 'livraison', 'contravention'] as const satisfies readonly TPnlCode[];
/** Maintenance codes: the amount is the sum of the components (checks 3 and 8). */
export const MAINTENANCE_CODES = ['repair_maintain', 'change', 'maintain', 'vidange', 'reparation'] as const satisfies readonly TPnlCode[];
/** Amount a component gets when ticked in the dialog (spec 001 section 9). */
export const DEFAULT_COMPONENT_AMOUNT = 2000;
/** The operations list's default page size (spec 001 section 9). */
export const OPERATIONS_PAGE_SIZE = 10;
/** A name search applies only when longer than 2 characters (spec 001 section 5). */
export const OPERATIONS_SEARCH_MIN = 3;
/** A new car component's name must be longer than 3 characters (spec 002 section 5). */
export const CAR_COMPONENT_NAME_MIN = 4;

export const isMaintenanceCode = (code: string | null | undefined) => !!code && (MAINTENANCE_CODES as readonly string[]).includes(code);
export const needsDriverAndVehicle = (code: string | null | undefined) => !!code && (DRIVER_AND_VEHICLE_CODES as readonly string[]).includes(code);

/** The 8 checks' messages (spec 001 section 5's wording, spelled as french.md corrects it) and the others of this domain. */
export const OPERATION_MESSAGES = {
  caisse: 'Vous devez sélectionner une caisse pour enregistrer cette opération',
  date: "Vous devez préciser la date de l'opération",
  amount: 'Vous devez saisir le montant',
  subAccount: "Vous devez enregistrer l'opération dans un sous-compte",
  driverAndVehicle: 'Vous devez préciser le chauffeur et le véhicule concernés',
  vehicle: 'Vous devez préciser le véhicule concerné',
  fuelType: 'Vous devez spécifier le type de carburant',
  litres: 'Vous devez spécifier la consommation',
  components: 'Vous devez spécifier les éléments concernés',
  // Beyond the spec's eight, checked after them.
  amountPositive: 'Le montant doit être supérieur à 0',
  amountDecimals: 'Montant invalide : trop de décimales pour la devise du parc',
  litresPositive: 'La consommation doit être un nombre positif (2 décimales au plus)',
  componentAmounts: 'Entrez tous les montants !',
  cancelComment: "Vous devez préciser le motif de l'annulation",
  cancelConfirm: 'Cette action est irréversible',
  noVehicle: 'Aucun véhicule trouvé',
  componentName: `Le nom de l'élément doit compter plus de ${CAR_COMPONENT_NAME_MIN - 1} caractères`,
} as const;

/** Success toasts (spec 001 section 8). */
export const OPERATION_SUCCESS = {
  created: 'Mouvement de fonds créé',
  confirmed: 'Opération confirmée',
  canceled: 'Opération annulée',
  componentAdded: 'Composant ajouté',
} as const;

/** Status, derived from the row (see operations.tables.ts): pending, confirmed, canceled (after confirmation), refused (before). */
export const OPERATION_STATUSES = ['pending', 'confirmed', 'canceled', 'refused'] as const;
export type TOperationStatus = (typeof OPERATION_STATUSES)[number];
export const OPERATION_STATUS_LABELS: Record<TOperationStatus, string> = {
  pending: 'En attente',
  confirmed: 'Accepté',
  canceled: 'Annulé',
  refused: 'Refusé',
};

/** The type filter of the list: 'Revenus', 'Dépenses', 'Toutes les opérations'. */
export const OPERATION_TYPE_FILTERS = ['profit', 'perte', 'all'] as const;
export type TOperationTypeFilter = (typeof OPERATION_TYPE_FILTERS)[number];
export const OPERATION_TYPE_FILTER_LABELS: Record<TOperationTypeFilter, string> = { profit: 'Revenus', perte: 'Dépenses', all: 'Toutes les opérations' };

export const COLLECT_METHODS = ['cash', 'mobile_money'] as const;
export type TCollectMethod = (typeof COLLECT_METHODS)[number];
/** Also 'sold': a salary paid from the driver's balance records it (it is no input of a fund movement). */
export const COLLECT_METHOD_LABELS: Record<TCollectMethod | 'sold', string> = { cash: 'Espèces', sold: 'Solde chauffeur', mobile_money: 'Mobile money' };

/**
 * The sub-account selector's value is 'code/id' (spec 001 section 3); a bare id is accepted too.
 * Answers the id part.
 */
export function subAccountIdOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const id = value.slice(value.lastIndexOf('/') + 1).trim();
  return id || undefined;
}

/** 'code/id', what the selector holds (a sub-account without a code: '/id'). */
export const encodeSubAccount = (s: { id: string; code: string | null }) => `${s.code ?? ''}/${s.id}`;

/** What the 8 checks look at; `sub_account` is the chosen sub-account once known (its code). */
export interface FundMovementDraft {
  caisse_id?: string | null;
  date?: string | null;
  amount?: number | string | null;
  sub_account?: { code: string | null } | null;
  transaction_id?: string | null;
  driver_id?: string | null;
  vehicle_id?: string | null;
  type_carburant_id?: number | string | null;
  litre_carburant?: number | string | null;
  car_component?: readonly { id: number | string; amount?: number | string | null }[] | null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** An amount counts as given when it is a number other than 0 ('' and 0 read as missing, as in the form). */
const noAmount = (v: unknown) => blank(v) || !Number.isFinite(Number(v)) || Number(v) === 0;

export type FundMovementField = 'caisse_id' | 'date' | 'amount' | 'sub_account_id' | 'driver_id' | 'vehicle_id' | 'type_carburant_id' | 'litre_carburant' | 'car_component';

/**
 * Spec 001 section 5, in order: the first failing check's field and message, or null. Both the
 * dialog (before sending) and the server (before anything else) run it, so a body failing two
 * checks is told about the first. `cashAccess`: the caller holds ACCESS_CAISSE_CASH, so no caisse
 * means the default cash account.
 */
export function fundMovementError(d: FundMovementDraft, opts: { cashAccess: boolean }): { field: FundMovementField; message: string } | null {
  const code = d.sub_account?.code ?? null;
  if (blank(d.caisse_id) && !opts.cashAccess) return { field: 'caisse_id', message: OPERATION_MESSAGES.caisse };
  if (blank(d.date)) return { field: 'date', message: OPERATION_MESSAGES.date };
  if (noAmount(d.amount) && !isMaintenanceCode(code) && blank(d.transaction_id)) return { field: 'amount', message: OPERATION_MESSAGES.amount };
  if (!d.sub_account) return { field: 'sub_account_id', message: OPERATION_MESSAGES.subAccount };
  if (needsDriverAndVehicle(code) && (blank(d.driver_id) || blank(d.vehicle_id))) return { field: blank(d.driver_id) ? 'driver_id' : 'vehicle_id', message: OPERATION_MESSAGES.driverAndVehicle };
  if (code === 'assurance' && blank(d.vehicle_id)) return { field: 'vehicle_id', message: OPERATION_MESSAGES.vehicle };
  if (code === 'carburant') {
    if (blank(d.type_carburant_id)) return { field: 'type_carburant_id', message: OPERATION_MESSAGES.fuelType };
    if (noAmount(d.litre_carburant)) return { field: 'litre_carburant', message: OPERATION_MESSAGES.litres };
  }
  if (isMaintenanceCode(code) && (d.car_component ?? []).length === 0) return { field: 'car_component', message: OPERATION_MESSAGES.components };
  return null;
}

/** The amount of a maintenance operation: the sum of its components (each a number, 0 if blank). */
export function componentsTotal(components: readonly { amount?: number | string | null }[] | null | undefined): number {
  return (components ?? []).reduce((s, c) => s + (Number(c.amount) || 0), 0);
}

// ---------------------------------------------------------------- create

const zText = z.string().trim();
const zNumberish = z.union([z.number(), zText]);
const zId = z.union([zText, z.number().transform(String)]);

/**
 * POST /pnl-account/fund-movement and /accounting/create-entry-or-depense. Deliberately loose: the
 * 8 checks run in the service, in the spec's order, with its messages (a strict schema here would
 * answer whichever field zod met first). account_id is always empty in the spec and ignored.
 */
export const ZFundMovementInput = z.object({
  sub_account_id: zText.optional().describe("L'id du sous-compte, ou la valeur 'code/id' du sélecteur"),
  caisse_id: zText.optional().describe('Sans caisse, avec ACCESS_CAISSE_CASH : le compte cash par défaut'),
  amount: zNumberish.optional().describe('Dans la devise du parc ; pour la maintenance, la somme des éléments'),
  date: zText.optional().describe("yyyy-MM-ddTHH:mm:ss, heure du parc"),
  comment: zText.max(1000, 'Le commentaire ne peut pas dépasser 1000 caractères').optional(),
  file_link: zText.optional().describe("Le chemin rendu par POST /file/upload ou /file/upload/file ('/api/file/<id>') ou l'id"),
  collect: z.enum(COLLECT_METHODS, { error: 'Mode de paiement invalide (cash ou mobile_money)' }).optional(),
  transaction_id: zText.optional(),
  vehicle_id: zText.optional(),
  driver_id: zText.optional(),
  type_carburant_id: zId.optional(),
  litre_carburant: zNumberish.optional(),
  car_component: z
    .array(z.object({ id: zId, amount: zNumberish.optional() }), { error: 'Liste des éléments invalide' })
    .max(50, 'Au plus 50 éléments')
    .optional(),
  account_id: z.unknown().optional(),
  park_id: z.string().optional(),
});
export type TFundMovementInput = z.input<typeof ZFundMovementInput>;

// ---------------------------------------------------------------- read model

const zRef = z.object({ id: z.string(), name: z.string() });

/** Where an operation's money is held when it is not a caisse (recipes paid by mobile money or from the driver's balance). */
export const FUNDING_LABELS = { caisse: '', park_balance: 'Solde du parc', driver_balance: 'Solde du chauffeur', client_receivable: 'Créance client', yango_balance: 'Solde Yango du parc' } as const;
export type TOperationFunding = keyof typeof FUNDING_LABELS;

export const ZOperation = z.object({
  id: z.string(),
  operation_date: z.string().describe('yyyy-MM-ddTHH:mm:ss'),
  created_at: z.string(),
  type: z.enum(PNL_TYPES),
  category: zRef.nullable().describe('La catégorie (niveau 1) du sous-compte'),
  sub_category: zRef.extend({ code: z.string().nullable() }),
  amount: z.number().describe('Négatif sur une ligne d’annulation'),
  status: z.enum(OPERATION_STATUSES),
  status_label: z.string(),
  confirmed: z.boolean(),
  confirmed_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  canceled_movment_id: z.string().nullable().describe("L'opération d'annulation"),
  cancel_comment: z.string().nullable(),
  reverses_id: z.string().nullable(),
  collect_method: z.string().nullable(),
  driver: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  vehicle: z.object({ id: z.string(), brand: z.string().nullable(), model: z.string().nullable(), label: z.string().nullable(), registration_number: z.string() }).nullable(),
  profile_initiator: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  comment: z.string().nullable(),
  caisse: z.object({ id: z.string().nullable(), name: z.string() }),
  funding: z.enum(['caisse', 'park_balance', 'driver_balance', 'client_receivable', 'yango_balance']),
  file_link: z.string().nullable().describe('Lien signé du justificatif'),
  type_carburant: z.object({ id: z.number(), name: z.string() }).nullable(),
  litre_carburant: z.number().nullable(),
  components: z.array(z.object({ id: z.number(), name: z.string(), amount: z.number() })),
  transaction_id: z.string().nullable(),
  supplier: z.object({ id: z.string(), name: z.string() }).nullable().describe('Le prestataire payé (un entretien clôturé)'),
  maintenance_id: z.string().nullable().describe("L'entretien dont la clôture a payé cette dépense"),
});
export type TOperation = z.infer<typeof ZOperation>;

/**
 * A page of operations. `total` is exact up to a cap (counting a million rows on every page would
 * cost more than the page itself); `total_is_lower_bound` says the park holds more.
 */
export const ZOperationPage = z.object({
  items: z.array(ZOperation),
  meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number(), total_is_lower_bound: z.boolean() }),
});
export type TOperationPage = z.infer<typeof ZOperationPage>;

// ---------------------------------------------------------------- list, confirm, cancel

const zUuidish = z.string().trim().regex(/^[0-9a-f-]{36}$/i, 'Identifiant invalide');

export const ZOperationListQuery = ZPageQuery.extend({
  itemPerPage: z.coerce.number().int().min(1).max(1000).default(OPERATIONS_PAGE_SIZE),
  park_id: z.string().optional(),
  driver_id: zUuidish.optional(),
  vehicle_id: zUuidish.optional(),
  caisse_id: zUuidish.optional(),
  sub_account_id: z.string().trim().optional().describe("id ou 'code/id'"),
  type: z.enum(OPERATION_TYPE_FILTERS, { error: 'Type invalide (profit, perte ou all)' }).optional(),
  status: z.enum(OPERATION_STATUSES, { error: 'Statut invalide' }).optional(),
  start_date: z.string().trim().optional().describe('yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss (inclus)'),
  end_date: z.string().trim().optional().describe('yyyy-MM-dd (toute la journée) ou yyyy-MM-ddTHH:mm:ss (inclus)'),
});
export type TOperationListQuery = z.input<typeof ZOperationListQuery>;

export const ZOperationValidate = z.object({
  fund_movement_id: z.string({ error: 'Opération introuvable' }).trim().regex(/^[0-9a-f-]{36}$/i, 'Opération introuvable'),
  park_id: z.string().optional(),
});

export const ZOperationCancel = z.object({
  comment: z
    .string({ error: OPERATION_MESSAGES.cancelComment })
    .trim()
    .min(1, OPERATION_MESSAGES.cancelComment)
    .max(500, 'Le motif ne peut pas dépasser 500 caractères'),
  park_id: z.string().optional(),
});
export type TOperationCancel = z.input<typeof ZOperationCancel>;

/** GET /accounting/driver-vehicle: who drove what on a day (from the vehicles' work planning). */
export const ZDayAssignmentQuery = z.object({
  driver_id: zUuidish.optional(),
  vehicle_id: zUuidish.optional(),
  date: z.string().trim().optional().describe('yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss ; aujourd’hui par défaut'),
  park_id: z.string().optional(),
});
export const ZDayAssignment = z.object({
  driver: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  vehicle: z.object({ id: z.string(), registration_number: z.string(), label: z.string().nullable() }).nullable(),
});
export type TDayAssignment = z.infer<typeof ZDayAssignment>;

export const ZCarComponentInput = z.object({
  name: z
    .string({ error: OPERATION_MESSAGES.componentName })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(CAR_COMPONENT_NAME_MIN, OPERATION_MESSAGES.componentName).max(100, 'Le nom ne peut pas dépasser 100 caractères')),
  park_id: z.string().optional(),
});

