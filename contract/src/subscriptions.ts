import { z } from 'zod';
import { INT4_MAX } from './constants.ts';
import { zPage, ZPageQuery } from './pagination.ts';
import { ZMobileMoneyPayer, ZTransactionValidation } from './payins.ts';
import { ACCOUNT_TYPES } from './signup.ts';

/**
 * Subscriptions (spec 002 sections 2, 3 "Subscription", 5 "Subscription", 7 "Subscriptions", 9;
 * issue 23): a park pays per month or per year for a number of vehicles, by mobile money. The
 * platform's operator keeps the plans (per country, account type, type and period, priced per
 * vehicle); a park's subscription says how many vehicles it may run until which day.
 *
 * Days: a subscription covers whole days of the park's time zone, from `start_date` to `end_date`
 * inclusive, both 'yyyy-MM-dd'. `days_left` counts today: on the last day it is 1.
 *
 * Amounts travel in the currency's units (XAF, XOF, CDF have none smaller) and are computed on the
 * server in integer minor units; see `server/src/modules/subscriptions/pricing.ts` for the
 * rounding rule (prorated amounts round down to the payable unit, never against the park).
 */

export const SUBSCRIPTION_COUNTRIES = ['CM', 'CI', 'CD', 'SN', 'TG'] as const;
export type TSubscriptionCountry = (typeof SUBSCRIPTION_COUNTRIES)[number];

/** The currency plans of each country are priced in. */
export const SUBSCRIPTION_CURRENCY: Record<TSubscriptionCountry, 'XAF' | 'XOF' | 'CDF'> = { CM: 'XAF', CI: 'XOF', CD: 'CDF', SN: 'XOF', TG: 'XOF' };

export const SUBSCRIPTION_COUNTRY_LABELS: Record<TSubscriptionCountry, string> = {
  CM: 'Cameroun',
  CI: "Côte d'Ivoire",
  CD: 'République démocratique du Congo',
  SN: 'Sénégal',
  TG: 'Togo',
};

/** Spec 002 section 3: application type particulier or professionnel, default particulier. */
export type TAccountType = (typeof ACCOUNT_TYPES)[number];
export const DEFAULT_ACCOUNT_TYPE: TAccountType = 'particulier';

/** Spec 002 section 3: type starter or premium. */
export const PLAN_TYPES = ['starter', 'premium'] as const;
export type TPlanType = (typeof PLAN_TYPES)[number];
export const PLAN_TYPE_LABELS: Record<TPlanType, string> = { starter: 'Starter', premium: 'Premium' };

/** Spec 002 section 3: plan monthly or annual; section 9: the list shows monthly plans first. */
export const PLAN_PERIODS = ['monthly', 'annual'] as const;
export type TPlanPeriod = (typeof PLAN_PERIODS)[number];
export const DEFAULT_PLAN_PERIOD: TPlanPeriod = 'monthly';
export const PLAN_PERIOD_LABELS: Record<TPlanPeriod, string> = { monthly: 'Mensuel', annual: 'Annuel' };
/** "par mois" / "par an", after a price. */
export const PLAN_PERIOD_UNITS: Record<TPlanPeriod, string> = { monthly: 'par mois', annual: 'par an' };

/** Spec 002 section 9: a subscription is near its end when 15 days or fewer remain. */
export const SUBSCRIPTION_NEAR_END_DAYS = 15;
/** Issue 23 section 2: the owner is reminded by SMS or email this many days before the end. */
export const SUBSCRIPTION_REMINDER_DAYS = [15, 7, 1] as const;
/** Issue 23 section 2: a new park starts with a free trial. */
export const TRIAL_DAYS = 30;
export const TRIAL_VEHICLES = 5;
/** The most vehicles one subscription may cover (a guard against typing mistakes). */
export const SUBSCRIPTION_MAX_VEHICLES = 10_000;
/** Extending buys this many periods at most at once. */
export const EXTEND_MAX_PERIODS = 12;

/** Where the web sends a person who must add vehicles to his subscription. */
export const SUBSCRIPTION_PATH = '/dashboard/subscription';
export const SUBSCRIPTION_UPGRADE_PATH = '/dashboard/subscription?action=upgrade';

/**
 * A park's subscription: 'active' (the one that counts today), 'scheduled' (paid, starts after the
 * active one), 'ended' (its last day is past) or 'replaced' (a change of plan ended it early).
 */
export const SUBSCRIPTION_STATUSES = ['active', 'scheduled', 'ended', 'replaced'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<TSubscriptionStatus, string> = { active: 'En cours', scheduled: 'À venir', ended: 'Terminé', replaced: 'Remplacé' };

/** Where a park stands: on its free trial, on a paid subscription, or without one (expired). */
export const SUBSCRIPTION_STATES = ['trial', 'active', 'expired'] as const;
export type TSubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** What an invoice buys. */
export const INVOICE_KINDS = ['subscribe', 'upgrade', 'extend', 'migrate', 'change'] as const;
export type TInvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<TInvoiceKind, string> = {
  subscribe: 'Souscription',
  upgrade: 'Ajout de véhicules',
  extend: 'Prolongation',
  migrate: 'Passage au compte professionnel',
  change: 'Changement de forfait',
};

/**
 * 'unpaid' until the provider confirms a payment ('pending' while one awaits it), then 'paid';
 * an unpaid invoice is a quote for its day: after `valid_until` it reads 'expired' and can't be paid.
 */
export const INVOICE_STATUSES = ['unpaid', 'pending', 'paid', 'expired'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<TInvoiceStatus, string> = { unpaid: 'À payer', pending: 'Paiement en cours', paid: 'Payée', expired: 'Expirée' };

export const SUBSCRIPTION_MESSAGES = {
  /** Spec 002 section 8 ('Migration reusis', 'Forfait mise à jour', corrected per reference/french.md). */
  migrated: 'Migration réussie',
  updated: 'Forfait mis à jour',
  initiated: 'Transaction initiée',
  subscribed: 'Abonnement activé',
  upgraded: 'Véhicules ajoutés à votre abonnement',
  extended: 'Abonnement prolongé',
  invoiceCreated: 'Facture créée\u00a0: procédez au paiement',
  paid: 'Facture payée',
  nearEndTitle: 'Votre abonnement arrive à son terme',
  expiredTitle: 'Votre abonnement est terminé',
  trialTitle: "Vous êtes en période d'essai",
  vehicleNumber: 'Saisissez un nombre de véhicules (au moins 1)',
  vehicleNumberMax: 'Au plus 10\u00a0000 véhicules',
  planRequired: 'Choisissez un forfait',
  periods: `Entre 1 et ${EXTEND_MAX_PERIODS} périodes`,
  countryUnknown: 'Pays non proposé (Cameroun, Côte d’Ivoire, RD Congo, Sénégal, Togo)',
  invoiceRequired: 'Facture introuvable',
  subscriptionRequired: 'Abonnement introuvable',
} as const;

/** 'Il reste 12 jours' / 'Dernier jour' / 'Terminé'. */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft <= 0) return 'Terminé';
  if (daysLeft === 1) return 'Dernier jour';
  return `Il reste ${daysLeft} jours`;
}

/** 'Premium mensuel', 'Starter annuel', the way a plan is named on screen and on invoices. */
export function planLabel(type: TPlanType, period: TPlanPeriod): string {
  return `${PLAN_TYPE_LABELS[type]} ${PLAN_PERIOD_LABELS[period].toLowerCase()}`;
}

const uuid = (message: string) => z.string({ error: message }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message);

/** A whole number typed in a form or a query string ('5' or 5). */
const count = (min: number, max: number, minMessage: string, maxMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: minMessage }).int(minMessage).min(min, minMessage).max(max, maxMessage),
  );

const vehicleNumber = count(1, SUBSCRIPTION_MAX_VEHICLES, SUBSCRIPTION_MESSAGES.vehicleNumber, SUBSCRIPTION_MESSAGES.vehicleNumberMax);

// ------------------------------------------------------------------ plans

/** A plan as parks see it (GET /subscription/by-country). */
export const ZPlan = z.object({
  id: z.string(),
  country_code: z.enum(SUBSCRIPTION_COUNTRIES),
  currency: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  type: z.enum(PLAN_TYPES),
  period: z.enum(PLAN_PERIODS),
  /** 'Premium mensuel'. */
  label: z.string(),
  /** For one vehicle and one whole period. */
  price_per_vehicle: z.number(),
  /** The same, per month (annual price / 12, rounded down), to compare plans. */
  monthly_price_per_vehicle: z.number(),
  /** Annual plans: what they save against twelve monthly payments, in whole percent (0 for monthly). */
  discount_percent: z.number().int(),
  /** The offer the operator attached ('2 mois offerts' ...), or null. */
  offer: z.string().nullable(),
  /** The most vehicles this plan takes (null: no limit). */
  max_vehicles: z.number().int().nullable(),
});
export type TPlan = z.infer<typeof ZPlan>;

/** GET /subscription/by-country?country_code&account_type&period=monthly. The park's country when absent. */
export const ZPlansQuery = z.object({
  country_code: z.enum(SUBSCRIPTION_COUNTRIES, { error: SUBSCRIPTION_MESSAGES.countryUnknown }).optional(),
  account_type: z.enum(ACCOUNT_TYPES).default(DEFAULT_ACCOUNT_TYPE),
  period: z.enum(PLAN_PERIODS).default(DEFAULT_PLAN_PERIOD),
});

// ------------------------------------------------------------------ a park's subscription

/** Spec 002 section 3, the subscription entity, as every route answers it. */
export const ZSubscription = z.object({
  id: z.string(),
  /** yyyy-MM-dd, first and last day covered (inclusive). */
  start_date: z.string(),
  end_date: z.string(),
  is_active: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** monthly or annual. */
  plan: z.enum(PLAN_PERIODS),
  plan_id: z.string().nullable(),
  /** How many vehicles may be active or in use. */
  vehicle_number: z.number().int(),
  offer: z.string().nullable(),
  /** A renewal: it extends an earlier subscription. */
  renew: z.boolean(),
  /** What was paid for it. */
  amount: z.number(),
  /** For one vehicle and one whole period (what upgrades are prorated from). */
  price_per_vehicle: z.number(),
  currency: z.string(),
  type: z.enum(PLAN_TYPES),
  application_type: z.enum(ACCOUNT_TYPES),
  is_trial: z.boolean(),
  /** 'Premium mensuel', or 'Essai gratuit'. */
  label: z.string(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** GET /subscription/active-subscription-info: what the subscription screen and the banner show. */
export const ZSubscriptionInfo = z.object({
  state: z.enum(SUBSCRIPTION_STATES),
  /** The subscription that counts today (null when expired). */
  subscription: ZSubscription.nullable(),
  /** A paid subscription that starts when the current one ends. */
  next: ZSubscription.nullable(),
  /** Vehicles not deactivated. */
  vehicles_used: z.number().int(),
  /** 0 when expired. */
  vehicles_allowed: z.number().int(),
  /** Days left including today, up to the end of the next subscription when one follows (0 when expired). */
  days_left: z.number().int(),
  /** The last day covered (the next subscription's when one follows), or null. */
  ends_on: z.string().nullable(),
  /** 15 days or fewer left (spec 002 section 9), or expired. */
  near_end: z.boolean(),
  can_add_vehicles: z.boolean(),
  country_code: z.string(),
  currency: z.string(),
  /** The park's account type (the subscription's, else particulier). */
  application_type: z.enum(ACCOUNT_TYPES),
  /** The unpaid invoice of today, if any: the screen offers to pay it. */
  open_invoice_id: z.string().nullable(),
});
export type TSubscriptionInfo = z.infer<typeof ZSubscriptionInfo>;

// ------------------------------------------------------------------ invoices

export const ZInvoiceLine = z.object({
  label: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoice = z.object({
  id: z.string(),
  /** FLT-2026-000123: one sequence for the platform. */
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  kind_label: z.string(),
  status: z.enum(INVOICE_STATUSES),
  amount: z.number(),
  currency: z.string(),
  /** The park subscription it acts on (upgrade, migrate, change, extend) or created once paid. */
  subscription_id: z.string().nullable(),
  plan_id: z.string().nullable(),
  /** 'Premium mensuel'. */
  plan_label: z.string(),
  type: z.enum(PLAN_TYPES),
  plan: z.enum(PLAN_PERIODS),
  application_type: z.enum(ACCOUNT_TYPES),
  /** Vehicles covered once paid. */
  vehicle_number: z.number().int(),
  /** upgrade: vehicles added. */
  added_vehicles: z.number().int(),
  /** The days paid for: yyyy-MM-dd, inclusive. */
  period_start: z.string(),
  period_end: z.string(),
  lines: z.array(ZInvoiceLine),
  /** An unpaid invoice can be paid until the end of this day (yyyy-MM-dd). */
  valid_until: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The last payment asked for it (GET /transaction/check-status/{id}), or null. */
  transaction_id: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/**
 * What the routes that buy something answer: the invoice to pay, or, when there was nothing to pay
 * (migrating a trial), the invoice already applied (`applied` true).
 */
export const ZInvoiceAnswer = z.object({ invoice: ZInvoice, applied: z.boolean() });
export type TInvoiceAnswer = z.infer<typeof ZInvoiceAnswer>;

/** POST /subscription/subscribe: a plan for a park on trial or without a subscription. */
export const ZSubscribeBody = z.object({
  subscription_id: uuid(SUBSCRIPTION_MESSAGES.planRequired),
  vehicle_number: vehicleNumber,
  /** The account type the park subscribes as; the plan must be one of that type. */
  vtc_app_type: z.enum(ACCOUNT_TYPES).default(DEFAULT_ACCOUNT_TYPE),
});

/** POST /subscription/upgrade-vehicle: vehicle_number more vehicles from today to the end. */
export const ZUpgradeVehicleBody = z.object({ vehicle_number: vehicleNumber });

/** POST /subscription/extend: periods more after the last paid day, for vehicle_number vehicles (the current count when absent). */
export const ZExtendBody = z.object({
  periods: count(1, EXTEND_MAX_PERIODS, SUBSCRIPTION_MESSAGES.periods, SUBSCRIPTION_MESSAGES.periods).default(1),
  vehicle_number: vehicleNumber.optional(),
});

/** POST /subscription/change-subscription: another plan (type or period) from today. */
export const ZChangeSubscriptionBody = z.object({
  subscription_id: uuid(SUBSCRIPTION_MESSAGES.planRequired),
  vehicle_number: vehicleNumber,
});

/** GET /subscription/select-subscription?subscription_id (a plan) [&vehicle_number]. */
export const ZSelectSubscriptionQuery = z.object({
  subscription_id: uuid(SUBSCRIPTION_MESSAGES.planRequired),
  vehicle_number: vehicleNumber.optional(),
});

/** What choosing a plan would cost now: a subscription (or a change when one is active). */
export const ZPlanSelection = z.object({
  plan: ZPlan,
  vehicle_number: z.number().int(),
  /** subscribe, or change when a paid subscription is active. */
  kind: z.enum(['subscribe', 'change']),
  amount: z.number(),
  /** change: the value of the days left of the current subscription, deducted. */
  credit: z.number(),
  period_start: z.string(),
  period_end: z.string(),
});
export type TPlanSelection = z.infer<typeof ZPlanSelection>;

/** GET /subscription/calculate-amount-migration and /subscription/migrate-to-pro. */
export const ZMigrationQuery = z.object({ subscription_id: uuid(SUBSCRIPTION_MESSAGES.subscriptionRequired) });

export const ZMigrationQuote = z.object({
  subscription_id: z.string(),
  /** The professional plan of the same type and period. */
  plan: ZPlan,
  amount: z.number(),
  days_left: z.number().int(),
  period_days: z.number().int(),
  vehicle_number: z.number().int(),
});
export type TMigrationQuote = z.infer<typeof ZMigrationQuote>;

/** POST /subscription/paid-invoice-subscription: pay an invoice by mobile money. */
export const ZPayInvoiceBody = ZMobileMoneyPayer.extend({ invoice_id: uuid(SUBSCRIPTION_MESSAGES.invoiceRequired) });

export const ZPayInvoiceAnswer = z.object({ invoice: ZInvoice, validation: ZTransactionValidation });
export type TPayInvoiceAnswer = z.infer<typeof ZPayInvoiceAnswer>;

/** GET /subscription/check-invoice?invoice_id and GET /subscription/invoice-subscription?invoice_id (the PDF). */
export const ZInvoiceQuery = z.object({ invoice_id: uuid(SUBSCRIPTION_MESSAGES.invoiceRequired) });

export const ZCheckInvoiceAnswer = z.object({ invoice: ZInvoice, info: ZSubscriptionInfo });
export type TCheckInvoiceAnswer = z.infer<typeof ZCheckInvoiceAnswer>;

/** GET /subscription/invoices/history. */
export const ZInvoiceHistoryQuery = ZPageQuery.extend({ status: z.enum(INVOICE_STATUSES).optional() });
export const ZInvoicePage = zPage(ZInvoice);

// ------------------------------------------------------------------ the platform operator's area

/** POST and PUT /api/platform/plans (the platform's operator, never a park). */
export const ZPlanInput = z.object({
  country_code: z.enum(SUBSCRIPTION_COUNTRIES, { error: SUBSCRIPTION_MESSAGES.countryUnknown }),
  account_type: z.enum(ACCOUNT_TYPES),
  type: z.enum(PLAN_TYPES),
  period: z.enum(PLAN_PERIODS),
  /** In the country's currency, for one vehicle and one whole period. */
  price_per_vehicle: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: 'Saisissez un prix' }).positive('Le prix doit être supérieur à 0').max(INT4_MAX, 'Prix trop élevé')),
  offer: z.string().trim().max(120, '120 caractères au plus').nullable().optional(),
  max_vehicles: count(1, SUBSCRIPTION_MAX_VEHICLES, SUBSCRIPTION_MESSAGES.vehicleNumber, SUBSCRIPTION_MESSAGES.vehicleNumberMax).nullable().optional(),
  is_active: z.boolean().default(true),
});
export type TPlanInput = z.output<typeof ZPlanInput>;

export const ZOperatorPlan = ZPlan.extend({ is_active: z.boolean(), updated_at: z.string() });

/** A mobile-money payment received for an invoice already paid: the operator refunds it. */
export const ZSubscriptionPayment = z.object({
  id: z.string(),
  park_id: z.string(),
  park_name: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
  transaction_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  applied: z.boolean(),
  detail: z.string().nullable(),
  created_at: z.string(),
});
