import { z } from 'zod';
import './formats.ts';
import { isDayOrWireDate } from './wire-date.ts';
import { TRENDS } from './accounting.ts';

/**
 * The fleet dashboard (spec 001 sections 2.13, 3, 7, 9; issue 6 section 4; issue 17 section 4): the
 * cards of the home screen and the revenue figures and charts. Every figure comes from the recipes,
 * the confirmed planning, the operations (confirmed, not cancelled) and the ledger. Amounts are in
 * the park currency, days are the park's days.
 *
 * A card that leads to a screen says what that screen says, counted by the same rule: the
 * uncollected total is Encaissements' 'Non encaissées' total (every unpaid recipe, whatever its
 * day), 'Documents à renouveler' is the count of the list it opens (30 days, the expired ones
 * included, told apart in `expired`).
 *
 * Without READ_FINANCE no amount is sent at all: the money cards are null, not zero.
 *
 * Each card carries a trend (up, down, unchanged; unchanged shows nothing) against `previous`, the
 * same figure at the point `compared_with` names: 'yesterday' (the same figure one day earlier),
 * 'last_month' (over the same days of last month), 'end_of_last_month' (the count at the end of
 * last month: the records that existed then), or null when no history allows a comparison.
 */

export const COMPARED_WITH = ['yesterday', 'last_month', 'end_of_last_month'] as const;
export type TComparedWith = (typeof COMPARED_WITH)[number];

const zTrended = {
  previous: z.number().nullable(),
  trend: z.enum(TRENDS),
  compared_with: z.enum(COMPARED_WITH).nullable(),
};

const zCount = z.object({ count: z.number(), ...zTrended });
const zAmount = z.object({ amount: z.number(), ...zTrended });
const zVehicleRef = z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string() });

const NO_FINANCE = ' ; null sans READ_FINANCE';

export const ZFleetDetails = z.object({
  currency: z.string(),
  date: z.string().describe("Aujourd'hui dans le parc (yyyy-MM-dd)"),
  number_recipe_expected_today: zCount.describe("Recettes attendues aujourd'hui (non supprimées), contre hier"),
  receipts_expected_today: zAmount
    .extend({ collected: z.number(), remaining: z.number(), count: z.number() })
    .nullable()
    .describe(`Objectif total des recettes du jour, ce qui en est encaissé et ce qui reste ; contre l'objectif d'hier${NO_FINANCE}`),
  actual_recipe: zAmount.nullable().describe(`Encaissé aujourd'hui (opérations 'recette' confirmées), contre hier${NO_FINANCE}`),
  previous_receipts_not_collected: zAmount
    .extend({ count: z.number() })
    .nullable()
    .describe(
      `Reste à encaisser de toutes les recettes non soldées, quel que soit leur jour : le total 'Non encaissées' des Encaissements (GET /transaction/unpaid/recipes/history sans dates) ; sans historique, pas de comparaison${NO_FINANCE}`,
    ),
  future_expired_doc: zCount
    .extend({ expired: z.number().describe('Dont déjà expirés') })
    .describe('Documents à renouveler : le nombre de la liste GET /vehicle-document/future-expired (30 jours, expirés compris), contre hier'),
  driver: z.object({ total: z.number(), active: z.number(), ...zTrended }).describe('Total contre le nombre à la fin du mois dernier'),
  vehicle: z.object({ total: z.number(), active: z.number(), ...zTrended }).describe('Total contre le nombre à la fin du mois dernier'),
  breakdown: zCount.describe("Véhicules en maintenance (pas d'historique : pas de comparaison)"),
  vehicles_service_due: zCount.describe(
    "Véhicules en service dont un rappel d'entretien arrive bientôt, est à faire ou en retard (GET /vehicle/{id}/reminders) ; pas d'historique : pas de comparaison",
  ),
  total_recipe_deleted: zCount.describe("Recettes supprimées, contre le même total avant aujourd'hui"),
  total_recipe_deleted_this_month: zCount.describe('Recettes supprimées ce mois-ci, contre les mêmes jours du mois précédent'),
  vehicles_without_planning_today: zCount
    .extend({ vehicles: z.array(zVehicleRef).describe('Les 10 premiers') })
    .describe("Véhicules configurés, en service, sans planning aujourd'hui (aucune recette ne sera créée pour eux), contre hier"),
  gps_events: z.number().int().describe('Déclencheurs de pénalité ayant agi ce mois-ci (un par épisode impayé : notification, buzzer ou blocage)'),
  gps_locked_vehicles: z.number().int().describe('Véhicules bloqués en ce moment par un déclencheur (blocage appliqué, pas encore levé)'),
  balance: zAmount.nullable().describe(`Total détenu (caisses et solde du parc, selon le grand livre) contre le début de la journée${NO_FINANCE}`),
});
export type TFleetDetails = z.infer<typeof ZFleetDetails>;
export type TTrendedCount = z.infer<typeof zCount>;
export type TTrendedAmount = z.infer<typeof zAmount>;

// ---------------------------------------------------------------- revenue

/** Spec 001 section 9: the chart's default mode is month; its categories Autres, VTC, Courses. */
export const REVENUE_GRAPHS = ['month', 'week', 'year'] as const;
export type TRevenueGraph = (typeof REVENUE_GRAPHS)[number];
export const REVENUE_CATEGORIES = ['Autres', 'VTC', 'Courses'] as const;
/** Years the year mode shows (this one and the four before). */
export const REVENUE_YEARS_SHOWN = 5;

const PERIOD_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/;
const DATE_MESSAGE = 'Date invalide (format attendu yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss)';
const zPeriodDate = z.string({ error: DATE_MESSAGE }).trim().regex(PERIOD_DATE, DATE_MESSAGE).refine(isDayOrWireDate, DATE_MESSAGE);
const zUuid = (message: string) => z.string({ error: message }).trim().regex(/^[0-9a-f-]{36}$/i, message);

export const ZRevenueEvolutionQuery = z.object({
  graph: z.enum(REVENUE_GRAPHS, { error: 'Mode invalide (month, week ou year)' }).default('month'),
  year: z.coerce.number({ error: 'Année invalide' }).int('Année invalide').min(2000, 'Année invalide').max(2100, 'Année invalide').optional(),
  park_id: z.string().optional(),
});
export type TRevenueEvolutionQuery = z.input<typeof ZRevenueEvolutionQuery>;

export const ZRevenueSeries = z.object({ name: z.enum(REVENUE_CATEGORIES), data: z.array(z.number()) });

export const ZRevenueEvolution = z.object({
  currency: z.string(),
  graph: z.enum(REVENUE_GRAPHS),
  year: z.number(),
  periods: z.array(z.object({ key: z.string(), label: z.string(), start_date: z.string(), end_date: z.string() })),
  series: z.array(ZRevenueSeries).describe('Autres, VTC (opérations recette), Courses ; une valeur par période'),
  total: z.number(),
});
export type TRevenueEvolution = z.infer<typeof ZRevenueEvolution>;

/** Without dates: the default reporting period (this month up to today, or last month before the 7th). */
export const ZCaQuery = z.object({
  start_date: zPeriodDate.optional(),
  end_date: zPeriodDate.optional(),
  park_id: z.string().optional(),
});
export type TCaQuery = z.input<typeof ZCaQuery>;

export const ZCaIndividualQuery = ZCaQuery.extend({
  driver_id: zUuid('Chauffeur introuvable').optional(),
  vehicle_id: zUuid('Véhicule introuvable').optional(),
});
export type TCaIndividualQuery = z.input<typeof ZCaIndividualQuery>;

const zCompared = z.object({ amount: z.number(), previous: z.number(), percentage: z.number().nullable(), trend: z.enum(TRENDS) });

export const ZCaTotals = z.object({
  currency: z.string(),
  period: z.object({ start_date: z.string(), end_date: z.string() }),
  previous_period: z.object({ start_date: z.string(), end_date: z.string() }),
  driver_id: z.string().nullable(),
  vehicle_id: z.string().nullable(),
  total: zCompared.describe('Tous les revenus confirmés'),
  vtc: zCompared,
  autres: zCompared,
  courses: zCompared,
});
export type TCaTotals = z.infer<typeof ZCaTotals>;

export const ZCaGraph = z.object({
  currency: z.string(),
  unit: z.enum(['day', 'month']).describe('Par jour jusqu’à 62 jours, par mois au-delà'),
  driver_id: z.string().nullable(),
  vehicle_id: z.string().nullable(),
  points: z.array(z.object({ key: z.string().describe('yyyy-MM-dd ou yyyy-MM'), total: z.number(), vtc: z.number(), autres: z.number(), courses: z.number() })),
});
export type TCaGraph = z.infer<typeof ZCaGraph>;
/** A graph by day covers at most this many days; longer periods go by month. */
export const CA_GRAPH_MAX_DAYS = 62;
