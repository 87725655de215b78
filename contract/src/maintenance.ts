import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { INT4_MAX } from './constants.ts';
import { DEFAULT_PAGE_SIZE, ZPageQuery } from './pagination.ts';
import { isDayOrWireDate, isWireDateTime } from './wire-date.ts';

/**
 * Maintenance (entretien, spec 002 sections 2 to 9, issue 18 section 1): a vehicle's job at the garage,
 * scheduled with the components it touches and their estimate, then finished with the real amounts
 * (the expense leaves a caisse through the ledger) or canceled. The form and the server run the same
 * checks in the same order (`maintenanceScheduleError`, `maintenanceFinishError`), so the person is told
 * the first thing to fix whichever side finds it. DEFAULT_COMPONENT_AMOUNT (2000) is in operations.ts.
 */

// ---------------------------------------------------------------- rules and texts

/** 1 a few hours (a date, a start and an end time), 2 one day, 3 several days (spec 002 section 4). */
export const DURATION_CHOICES = [1, 2, 3] as const;
export type TDurationChoice = (typeof DURATION_CHOICES)[number];
export const DURATION_CHOICE_LABELS: Record<TDurationChoice, string> = { 1: 'Quelques heures', 2: 'Une journée', 3: 'Plusieurs jours' };

/** Stored status: available (scheduled, running, or past its end and not closed), finished, canceled. */
export const MAINTENANCE_STATUSES = ['available', 'finished', 'canceled'] as const;
export type TMaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/**
 * What a person sees, computed from the status and the dates: an available maintenance is scheduled
 * before its start, in progress while its dates run, and to close once its end has passed.
 */
export const MAINTENANCE_STATES = ['scheduled', 'in_progress', 'to_close', 'finished', 'canceled'] as const;
export type TMaintenanceState = (typeof MAINTENANCE_STATES)[number];
export const MAINTENANCE_STATE_LABELS: Record<TMaintenanceState, string> = {
  scheduled: 'Programmé',
  in_progress: 'En cours',
  to_close: 'À clôturer',
  finished: 'Terminé',
  canceled: 'Annulé',
};

/** At most 4 images on a maintenance (spec 002 section 5). */
export const MAINTENANCE_MAX_IMAGES = 4;

/** Spec 002 sections 2, 5 and 8, spelled as french.md corrects them. */
export const MAINTENANCE_MESSAGES = {
  // Scheduling warnings, in the order the form checks them.
  vehicle: 'Veuillez sélectionner le véhicule concerné.',
  hours: 'Veuillez renseigner correctement la date et les heures de début et de fin.',
  date: 'Veuillez renseigner correctement la date.',
  startDate: "Veuillez renseigner la date de début de l'entretien.",
  repairType: "Veuillez sélectionner le type d'entretien.",
  components: "Veuillez sélectionner les éléments concernés pour l'entretien.",
  // Beyond the spec's warnings, checked after them.
  amount: 'Montant invalide\u00a0: un nombre positif, sans plus de décimales que la devise du parc',
  repairTypeTwice: "Ce type d'entretien est choisi deux fois",
  componentTwice: "Un élément figure deux fois pour le même type d'entretien",
  // Completion.
  caisse: 'Vous devez sélectionner une caisse pour terminer cet entretien',
  amounts: 'Entrez tous les montants\u00a0!',
  // Cancel confirmation.
  cancelConfirm: 'Êtes-vous sûr de vouloir annuler cet entretien\u00a0?',
  cancelKeep: 'Ne pas annuler',
  cancelButton: "Annuler l'entretien",
  // Success toasts.
  created: 'Entretien programmé',
  finished: 'Entretien clôturé',
  canceled: 'Entretien annulé',
  componentAdded: 'Composant ajouté',
} as const;

export const MAINTENANCE_TITLES = {
  schedule: 'Programmer un entretien',
  components: 'Éléments concernés',
  newComponent: 'Nouvel élément',
  finish: 'Entretien effectué',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The day part of a wire date or a day (`yyyy-MM-dd`), when real. */
function dayOf(v: string | null | undefined): string | null {
  if (blank(v)) return null;
  const s = String(v).trim();
  if (!isDayOrWireDate(s)) return null;
  return s.slice(0, 10);
}

/** What the scheduling checks look at: the form's values or the POST body. */
export interface MaintenanceScheduleDraft {
  vehicle_id?: string | null;
  duration_choice?: number | string | null;
  /** Choice 1: the date and start time; 2: the day; 3: the first day (a wire date or `yyyy-MM-dd`). */
  start_date?: string | null;
  /** Choice 1: the date and end time; 3: the last day; ignored for 2. */
  end_date?: string | null;
  maintenances?: readonly {
    repair_type_id?: number | string | null;
    maintenanceCarComponent?: readonly { component_id?: number | string | null; amount?: number | string | null }[] | null;
  }[] | null;
}

/**
 * The duration choice a body without one means: two times on one day are a few hours, a whole day
 * (or no end) is one day, two days are several days.
 */
export function inferDurationChoice(start: string | null | undefined, end: string | null | undefined): TDurationChoice {
  const s = dayOf(start);
  const e = dayOf(end);
  if (!s || !e) return 2;
  if (s !== e) return 3;
  const st = String(start).trim().slice(11) || '00:00:00';
  const et = String(end).trim().slice(11) || '23:59:59';
  return st === '00:00:00' && (et === '23:59:59' || et === '00:00:00') ? 2 : 1;
}

export function durationChoiceOf(d: Pick<MaintenanceScheduleDraft, 'duration_choice' | 'start_date' | 'end_date'>): TDurationChoice {
  const n = Number(d.duration_choice);
  return n === 1 || n === 2 || n === 3 ? n : inferDurationChoice(d.start_date, d.end_date);
}

/**
 * The span a valid draft covers, as wire dates in the park's zone: choice 1 as given, choice 2 the
 * whole day, choice 3 from the first day's start to the last day's 23:59:59 (the planning's
 * 'entretien' entries end the same way). Null when the dates fail their check.
 */
export function maintenanceSpan(d: MaintenanceScheduleDraft): { duration_choice: TDurationChoice; start_date: string; end_date: string } | null {
  const choice = durationChoiceOf(d);
  if (choice === 1) {
    const s = String(d.start_date ?? '').trim();
    const e = String(d.end_date ?? '').trim();
    if (!isWireDateTime(s) || !isWireDateTime(e) || s.slice(0, 10) !== e.slice(0, 10) || s >= e) return null;
    return { duration_choice: 1, start_date: s, end_date: e };
  }
  const first = dayOf(d.start_date);
  if (!first) return null;
  if (choice === 2) return { duration_choice: 2, start_date: `${first}T00:00:00`, end_date: `${first}T23:59:59` };
  const last = dayOf(d.end_date);
  if (!last || last < first) return null;
  return { duration_choice: 3, start_date: `${first}T00:00:00`, end_date: `${last}T23:59:59` };
}

export type MaintenanceScheduleField = 'vehicle_id' | 'start_date' | 'end_date' | 'repair_type_id' | 'maintenances';

/**
 * Spec 002 section 5's scheduling warnings, in the form's order: the first failing one, or null.
 * Vehicle; the dates by duration choice (1: date and both times, start before end on that date;
 * 2: the date; 3: the start date, then an end on or after it); the maintenance type; the components.
 */
export function maintenanceScheduleError(d: MaintenanceScheduleDraft): { field: MaintenanceScheduleField; message: string } | null {
  if (blank(d.vehicle_id)) return { field: 'vehicle_id', message: MAINTENANCE_MESSAGES.vehicle };
  const choice = durationChoiceOf(d);
  if (choice === 1 && !maintenanceSpan({ ...d, duration_choice: 1 })) return { field: 'start_date', message: MAINTENANCE_MESSAGES.hours };
  if (choice === 2 && !dayOf(d.start_date)) return { field: 'start_date', message: MAINTENANCE_MESSAGES.date };
  if (choice === 3) {
    if (!dayOf(d.start_date)) return { field: 'start_date', message: MAINTENANCE_MESSAGES.startDate };
    if (!maintenanceSpan({ ...d, duration_choice: 3 })) return { field: 'end_date', message: MAINTENANCE_MESSAGES.date };
  }
  const groups = d.maintenances ?? [];
  if (groups.length === 0 || groups.some((g) => blank(g.repair_type_id))) return { field: 'repair_type_id', message: MAINTENANCE_MESSAGES.repairType };
  if (groups.some((g) => (g.maintenanceCarComponent ?? []).length === 0)) return { field: 'maintenances', message: MAINTENANCE_MESSAGES.components };
  return null;
}

/** What the completion checks look at: the dialog's values or the PUT body (maintenances parsed). */
export interface MaintenanceFinishDraft {
  caisse_id?: string | null;
  maintenances?: readonly { repair_type_id?: number | string | null; components?: readonly { component_id?: number | string | null; amount?: number | string | null }[] | null }[] | null;
}

/** A paid amount counts as given when it is a number, 0 or more (a free repair under warranty costs 0). */
const noPaidAmount = (v: unknown) => blank(v) || !Number.isFinite(Number(v)) || Number(v) < 0;

/**
 * Spec 002 section 5's completion checks, in order: a caisse unless the person holds
 * ACCESS_CAISSE_CASH (no caisse then means the default cash account); every component's amount.
 */
export function maintenanceFinishError(d: MaintenanceFinishDraft, opts: { cashAccess: boolean }): { field: 'caisse_id' | 'maintenances'; message: string } | null {
  if (blank(d.caisse_id) && !opts.cashAccess) return { field: 'caisse_id', message: MAINTENANCE_MESSAGES.caisse };
  const components = (d.maintenances ?? []).flatMap((g) => g.components ?? []);
  if (components.length === 0 || components.some((c) => noPaidAmount(c.amount))) return { field: 'maintenances', message: MAINTENANCE_MESSAGES.amounts };
  return null;
}

// ---------------------------------------------------------------- inputs

const zText = z.string().trim();
const zNumberish = z.union([z.number(), zText]);
const zIntId = z.coerce.number({ error: 'Identifiant invalide' }).int('Identifiant invalide').min(1, 'Identifiant invalide').max(INT4_MAX, 'Identifiant invalide');
const zUuidish = zText.regex(/^[0-9a-f-]{36}$/i, 'Identifiant invalide');
const zAmount = zNumberish.describe('Dans la devise du parc');

/**
 * POST /entretien. Loose where the scheduling checks speak (they run first in the service, in the
 * form's order, with the spec's messages); typed where they do not.
 */
export const ZMaintenanceCreate = z.object({
  vehicle_id: zText.optional(),
  duration_choice: z.union([z.number(), zText]).optional().describe('1 quelques heures, 2 une journée, 3 plusieurs jours ; déduit des dates sinon'),
  start_date: zText.optional().describe('yyyy-MM-ddTHH:mm:ss (ou yyyy-MM-dd pour 2 et 3), heure du parc'),
  end_date: zText.optional().describe('yyyy-MM-ddTHH:mm:ss (ou yyyy-MM-dd pour 3), heure du parc'),
  supplier_id: zUuidish.optional(),
  description: zText.max(2000, 'La description ne peut pas dépasser 2000 caractères').optional(),
  images: z
    .array(zText.min(1).max(300), { error: 'Liste des images invalide' })
    .max(MAINTENANCE_MAX_IMAGES, `Au plus ${MAINTENANCE_MAX_IMAGES} images`)
    .optional()
    .describe("Chemins rendus par POST /file/upload ('/api/file/<id>')"),
  maintenances: z
    .array(
      z.object({
        repair_type_id: z.union([z.number(), zText]).optional(),
        maintenanceCarComponent: z
          .array(z.object({ component_id: zIntId, amount: zAmount.optional().describe('2000 par défaut') }), { error: 'Liste des éléments invalide' })
          .max(50, 'Au plus 50 éléments')
          .optional(),
      }),
      { error: 'Liste des entretiens invalide' },
    )
    .max(5, 'Au plus 5 types d’entretien')
    .optional(),
  park_id: z.string().optional(),
});
export type TMaintenanceCreate = z.input<typeof ZMaintenanceCreate>;
export type TMaintenanceCreateParsed = z.output<typeof ZMaintenanceCreate>;

const zFinishGroups = z.array(
  z.object({
    repair_type_id: zIntId,
    components: z.array(z.object({ component_id: zIntId, amount: zAmount.nullable().optional() }), { error: 'Liste des éléments invalide' }).max(50, 'Au plus 50 éléments'),
  }),
  { error: 'Liste des entretiens invalide' },
);

/** The spec sends `maintenances` as a JSON string; an array is accepted too. */
const zMaintenancesJson = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, zFinishGroups.max(5, 'Au plus 5 types d’entretien'));

export const ZMaintenanceFinish = z.object({
  status: z.literal('finished'),
  id: z.string().optional(),
  facture_image: zText.max(300).optional().describe("La facture : chemin rendu par POST /file/upload/file ('/api/file/<id>') ou l'id"),
  maintenances: zMaintenancesJson.optional().describe('JSON [{repair_type_id, components: [{component_id, amount}]}]'),
  description: zText.max(2000, 'La description ne peut pas dépasser 2000 caractères').optional(),
  caisse_id: zText.optional().describe('Sans caisse, avec ACCESS_CAISSE_CASH : le compte cash par défaut'),
  mileage: z.coerce.number({ error: 'Kilométrage invalide' }).int('Kilométrage invalide').min(0, 'Kilométrage invalide').max(INT4_MAX, 'Kilométrage invalide').optional().describe('Le compteur du véhicule'),
  mileage_for_vidange: z.coerce.number({ error: 'Kilométrage invalide' }).int('Kilométrage invalide').min(0, 'Kilométrage invalide').max(INT4_MAX, 'Kilométrage invalide').optional().describe('Kilométrage de la prochaine vidange'),
  park_id: z.string().optional(),
});
export type TMaintenanceFinishInput = z.output<typeof ZMaintenanceFinish>;

export const ZMaintenanceCancel = z.object({ status: z.literal('canceled'), id: z.string().optional(), park_id: z.string().optional() });

/** PUT /entretien/{id}: finished with the real amounts, or canceled. */
export const ZMaintenanceUpdate = z.discriminatedUnion('status', [ZMaintenanceFinish, ZMaintenanceCancel], {
  error: 'Statut invalide (finished ou canceled)',
});
export type TMaintenanceUpdate = z.input<typeof ZMaintenanceUpdate>;

/** A filter's status: a state, or 'available' (scheduled, running or to close). */
export const MAINTENANCE_STATUS_FILTERS = ['available', ...MAINTENANCE_STATES] as const;
export type TMaintenanceStatusFilter = (typeof MAINTENANCE_STATUS_FILTERS)[number];

const zPeriodBound = zText.refine(isDayOrWireDate, 'Date invalide (format attendu yyyy-MM-dd)');

export const ZMaintenanceListQuery = ZPageQuery.extend({
  itemPerPage: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  park_id: z.string().optional(),
  vehicle_id: zUuidish.optional(),
  supplier_id: zUuidish.optional(),
  status: z.enum(MAINTENANCE_STATUS_FILTERS, { error: 'Statut invalide' }).optional(),
  start_date: zPeriodBound.optional().describe('Entretiens qui finissent à partir de ce jour (inclus)'),
  end_date: zPeriodBound.optional().describe("Entretiens qui commencent jusqu'à ce jour (inclus)"),
});
export type TMaintenanceListQuery = z.input<typeof ZMaintenanceListQuery>;

/** GET /entretien/planning-impact: who would lose which planned days if the vehicle went to the garage then. */
export const ZMaintenancePlanningImpactQuery = z.object({
  vehicle_id: zUuidish,
  duration_choice: z.union([z.number(), zText]).optional(),
  start_date: zText,
  end_date: zText.optional(),
  park_id: z.string().optional(),
});
export type TMaintenancePlanningImpactQuery = z.input<typeof ZMaintenancePlanningImpactQuery>;

// ---------------------------------------------------------------- read models

export const ZRepairType = z.object({ id: z.number(), name: z.string(), code: z.string().describe('Le code du sous-compte P&L') });
export type TRepairType = z.infer<typeof ZRepairType>;

export const ZMaintenanceLostDays = z.object({
  driver_id: z.string(),
  driver_name: z.string(),
  days: z.array(z.string().describe('yyyy-MM-dd')),
});
export type TMaintenanceLostDays = z.infer<typeof ZMaintenanceLostDays>;

export const ZMaintenance = z.object({
  id: z.string(),
  vehicle: z.object({ id: z.string(), registration_number: z.string(), label: z.string().nullable() }),
  supplier: z.object({ id: z.string(), name: z.string() }).nullable(),
  description: z.string().nullable(),
  amount: z.number().describe('Le montant payé une fois terminé, sinon l’estimation'),
  estimated_amount: z.number(),
  status: z.enum(MAINTENANCE_STATUSES),
  state: z.enum(MAINTENANCE_STATES),
  available: z.boolean(),
  start_date: z.string().describe('yyyy-MM-ddTHH:mm:ss'),
  end_date: z.string().describe('yyyy-MM-ddTHH:mm:ss'),
  duration_choice: z.number(),
  images: z.array(z.string().describe('Lien signé')),
  facture_image: z.object({ link: z.string(), name: z.string(), size: z.number().describe('Octets') }).nullable(),
  caisse: z.object({ id: z.string(), name: z.string() }).nullable(),
  mileage: z.number().nullable(),
  components: z.array(
    z.object({
      repair_type: z.object({ id: z.number(), name: z.string() }),
      repair_type_id: z.number(),
      car_component: z.array(z.object({ id: z.number(), component_id: z.number(), name: z.string(), amount: z.number(), estimated_amount: z.number() })),
    }),
  ),
  operations: z.array(z.object({ id: z.string(), amount: z.number(), sub_account: z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }) })),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
});
export type TMaintenance = z.infer<typeof ZMaintenance>;

/**
 * A page of maintenances. `total` is exact up to a cap past the page (counting 200,000 rows on every
 * page would cost more than the page); `total_is_lower_bound` says the park holds more.
 */
export const ZMaintenancePage = z.object({
  items: z.array(ZMaintenance),
  meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number(), total_is_lower_bound: z.boolean() }),
});
export type TMaintenancePage = z.infer<typeof ZMaintenancePage>;

/** Answer of POST /entretien: the maintenance and the planned days the drivers lost to it. */
export const ZMaintenanceCreated = ZMaintenance.extend({ lost_days: z.array(ZMaintenanceLostDays) });
export type TMaintenanceCreated = z.infer<typeof ZMaintenanceCreated>;
