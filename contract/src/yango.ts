import { z } from 'zod';
import { zWireDate } from './wire-date-schema.ts';

/**
 * The Yango link (issue 21; spec 000 sections 2, 4, 5, 7; spec 001 section 2 'Activity summary').
 * A park connects its Yango Fleet API credentials; a driver found on Yango by phone is imported
 * after a one-time code sent to the phone Yango holds for him (his consent), or an existing driver
 * is connected to his Yango profile; his Yango activity is copied by a job and read here; a driver
 * on 'yango_recipe' owes his Yango revenue of the period, collectable by debiting his Yango balance.
 */

/** The spec's words, spelled as french.md corrects them, then ours. */
export const YANGO_MESSAGES = {
  importTitle: 'Importer un chauffeur depuis Yango',
  connectTitle: 'Connecter le compte Yango',
  search: 'Rechercher sur Yango',
  notFound: 'Aucun compte Yango trouvé',
  notFoundHint: 'Vérifiez que le numéro de téléphone est correct',
  codeSent: 'Code OTP envoyé avec succès',
  resend: 'Renvoyer le code OTP',
  imported: 'Chauffeur importé avec succès',
  connected: 'Compte Yango connecté avec succès',
  disconnected: 'Compte Yango déconnecté',
  noPermission: "Vous n'avez pas les permissions pour connecter un chauffeur Yango",
  connectionSaved: 'Connexion Yango enregistrée',
  connectionRemoved: 'Connexion Yango supprimée',
  debitPaid: 'Recette encaissée sur le solde Yango',
  activityTab: 'Activités VTC',
} as const;

/** Spec 000 section 8: the calling code used when a phone names none. */
export const DEFAULT_CALLING_CODE = '225';
/** The search button is enabled from this many characters of the cleaned phone. */
export const YANGO_PHONE_MIN_LENGTH = 8;
/** Spec 000 section 8: the import's default daily collection time. */
export const YANGO_DEFAULT_COLLECT_TIME = '09:00';
/** Activity figures coming from Yango are shown in XOF (spec 001 sections 1 and 10). */
export const YANGO_ACTIVITY_CURRENCY = 'XOF';

/**
 * Spec 000 section 5: the phone typed in the search, cleaned of a leading + and calling code, of
 * the calling code itself, of spaces, dashes, parentheses and dots; what remains is the national
 * number searched on Yango. `callingCode` is the park country's (225 when unknown).
 */
export function cleanYangoPhone(raw: string, callingCode: string = DEFAULT_CALLING_CODE): string {
  let s = raw.replace(/[\s\-().]/g, '');
  const code = callingCode.replace(/\D/g, '') || DEFAULT_CALLING_CODE;
  if (s.startsWith('+')) s = s.slice(1).startsWith(code) ? s.slice(1 + code.length) : s.slice(1);
  else if (s.startsWith(`00${code}`)) s = s.slice(2 + code.length);
  else if (s.startsWith(code) && s.length - code.length >= YANGO_PHONE_MIN_LENGTH) s = s.slice(code.length);
  return s;
}

/** Whether the search may run: the spec's 8 characters of the cleaned phone. */
export function yangoPhoneSearchable(raw: string, callingCode?: string): boolean {
  return cleanYangoPhone(raw, callingCode).length >= YANGO_PHONE_MIN_LENGTH;
}

const COLLECT_TIME_MESSAGE = "L'heure de collecte doit être entre 00:00 et 23:59 (heures 00 à 23, minutes 00 à 59)";
export const zCollectTime = z.string({ error: COLLECT_TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, COLLECT_TIME_MESSAGE);

const zRequired = (what: string) => z.string({ error: `${what} est requis` }).trim().min(1, `${what} est requis`);

// ---- The park's connection (section 1) ----

/** They travel in HTTP headers: printable ASCII, no spaces (what Yango issues). */
const PRINTABLE = /^[\x21-\x7e]+$/;
const printable = (what: string) => `${what} ne doit contenir que des lettres, des chiffres et des symboles, sans espace ni accent`;

export const ZYangoConnectionInput = z.object({
  client_id: zRequired("L'identifiant client (X-Client-ID)").max(200).regex(PRINTABLE, printable("L'identifiant client")),
  yango_park_id: zRequired("L'identifiant du parc Yango").max(200).regex(PRINTABLE, printable("L'identifiant du parc Yango")),
  /** Absent on an edit that keeps the saved key. */
  api_key: z.string().trim().min(8, 'La clé API doit contenir au moins 8 caractères').max(500).regex(PRINTABLE, printable('La clé API')).optional(),
});
export type TYangoConnectionInput = z.infer<typeof ZYangoConnectionInput>;

/** What GET answers: never the key, only its last 4 characters. */
export const ZYangoConnection = z.object({
  connected: z.boolean(),
  client_id: z.string().nullable(),
  yango_park_id: z.string().nullable(),
  api_key_hint: z.string().nullable().describe('•••• and the last 4 characters of the key'),
  park_name: z.string().nullable().describe('The park name and city at Yango, read when the connection was tested'),
  park_city: z.string().nullable(),
  status: z.enum(['ok', 'failing']).nullable(),
  last_error: z.string().nullable(),
  checked_at: z.string().nullable(),
  linked_drivers: z.number().int(),
});
export type TYangoConnection = z.infer<typeof ZYangoConnection>;

// ---- Search, import, connect (section 2) ----

export const ZYangoPhoneInput = z.object({ phone: zRequired('Le numéro de téléphone').max(40) });

export const YANGO_WORK_STATUS_LABELS = { working: 'Actif', not_working: 'Inactif', fired: 'Licencié' } as const;

/** One Yango profile found by phone, as the spec's results list shows it. */
export const ZYangoAccount = z.object({
  yango_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phones: z.array(z.string()),
  status: z.enum(['working', 'not_working', 'fired']),
  status_label: z.string(),
  current_status: z.string().nullable(),
  park: z.object({ id: z.string(), name: z.string().nullable(), city: z.string().nullable() }),
  vehicle: z
    .object({ brand: z.string().nullable(), model: z.string().nullable(), plate: z.string().nullable(), color: z.string().nullable(), year: z.number().nullable(), categories: z.array(z.string()) })
    .nullable(),
  balance: z.number().nullable(),
  balance_limit: z.number().nullable(),
  currency: z.string().nullable(),
  /** The park's driver already linked to this profile, if any (a profile links to one driver per park). */
  linked_driver_id: z.string().nullable(),
});
export type TYangoAccount = z.infer<typeof ZYangoAccount>;
export const ZYangoSearchResult = z.object({ items: z.array(ZYangoAccount) });

/** Spec 000 section 7: the code request carries the phone and the Yango id. */
export const ZYangoLinkInput = z.object({
  phone: zRequired('Le numéro de téléphone').max(40),
  yango_id: zRequired('Le compte Yango').max(200),
  canal_type: z.literal('sms').default('sms'),
});
export const ZYangoCodeSent = z.object({
  code: z.string().describe('The challenge id, sent back with the code'),
  canal_type: z.literal('sms'),
  sent_to: z.string().describe('The phone Yango holds, masked'),
  expires_in: z.number().int(),
});
export type TYangoCodeSent = z.infer<typeof ZYangoCodeSent>;

/** Checks the code without spending it, so the dialog can say 'wrong code' before the import. */
export const ZYangoOtpCheck = z.object({ code: zRequired('Le code').max(100), otp: z.string().trim().min(4, 'Le code OTP est requis').max(10) });

const linkOptions = {
  yango_id: zRequired('Le compte Yango').max(200),
  collect_time: zCollectTime.default(YANGO_DEFAULT_COLLECT_TIME),
  use_yango_recipe: z.boolean().default(false),
};
/** Spec 000 section 7: the import carries yango_id, collect_time, use_yango_recipe and otp (and our challenge id). */
export const ZYangoImportInput = z.object({ ...linkOptions, code: zRequired('Le code').max(100), otp: z.string().trim().min(4, 'Le code OTP est requis').max(10) });
export type TYangoImportInput = z.infer<typeof ZYangoImportInput>;
/** Spec 000 section 7: connecting carries yango_id, collect_time, use_yango_recipe and driver_id, without a code. */
export const ZYangoConnectInput = z.object({ ...linkOptions, driver_id: zRequired('Le chauffeur').max(100) });
export type TYangoConnectInput = z.infer<typeof ZYangoConnectInput>;

/** A driver's link, as his details show it (drivers' yango_profile). */
export const ZYangoProfileLink = z.object({
  yango_id: z.string(),
  use_yango_recipe: z.boolean(),
  collect_time: z.string(),
  linked_at: z.string(),
  synced_at: z.string().nullable(),
  sync_error: z.string().nullable(),
});
export type TYangoProfileLink = z.infer<typeof ZYangoProfileLink>;

/** Editing a linked driver's options (PUT /yango/driver/{driver_id}). */
export const ZYangoLinkUpdate = z.object({ collect_time: zCollectTime, use_yango_recipe: z.boolean({ error: 'Le choix de la recette Yango est requis' }) });
export type TYangoLinkUpdate = z.infer<typeof ZYangoLinkUpdate>;

/** Import and connect answer the driver's id and his link. */
export const ZYangoLinked = z.object({ driver_id: z.string(), yango_profile: ZYangoProfileLink });

// ---- Activity (section 3) ----

export const ZYangoActivityQuery = z.object({
  start_date: zWireDate.optional().describe('Start (yyyy-MM-ddTHH:mm:ss, park time); default: the start of the current month'),
  end_date: zWireDate.optional().describe('End (yyyy-MM-ddTHH:mm:ss, park time); default: now'),
});

/** The balance breakdown of spec 001 section 2, each the sum of its transaction categories (ARCHITECTURE.md). */
export const YANGO_BALANCE_PARTS = ['cash_collected', 'platform_card', 'platform_corporate', 'platform_tip', 'platform_promotion', 'platform_bonus', 'platform_fees'] as const;
export type TYangoBalancePart = (typeof YANGO_BALANCE_PARTS)[number];
export const YANGO_BALANCE_LABELS: Record<TYangoBalancePart | 'total', string> = {
  total: 'Revenu Yango',
  cash_collected: 'Espèces encaissées',
  platform_card: 'Paiements par carte',
  platform_corporate: 'Paiements entreprises',
  platform_tip: 'Pourboires',
  platform_promotion: 'Promotions',
  platform_bonus: 'Bonus',
  platform_fees: 'Commissions Yango',
};

export const ZYangoActivity = z.object({
  yango_id: z.string(),
  driver_id: z.string(),
  currency: z.string().describe('The transactions’ currency (XOF for the parks of the spec)'),
  start_date: z.string(),
  end_date: z.string(),
  balance: z.object({
    total: z.number().describe('The revenue: the sum of the parts below (fees negative)'),
    cash_collected: z.number(),
    platform_card: z.number(),
    platform_corporate: z.number(),
    platform_tip: z.number(),
    platform_promotion: z.number(),
    platform_bonus: z.number(),
    platform_fees: z.number(),
  }),
  work_time: z.object({
    seconds: z.number().int().describe('Time on completed orders (booked to ended)'),
    mph: z.number().describe('Money per hour: revenue divided by the hours worked (0 without work time)'),
  }),
  orders: z.object({ count_completed: z.number().int(), price: z.number(), mileage: z.number().describe('Kilometres of the completed orders that report it') }),
  /** Beside it, what the park expected and collected from him over the same days (the reconciliation). */
  recipes: z.object({ currency: z.string(), expected: z.number(), collected: z.number() }),
  /** His Yango balance now, read live (null when Yango did not answer). */
  yango_balance: z.object({ balance: z.number(), balance_limit: z.number(), currency: z.string() }).nullable(),
  synced_at: z.string().nullable(),
  sync_error: z.string().nullable(),
});
export type TYangoActivity = z.infer<typeof ZYangoActivity>;

/** The dashboard's reconciliation: Yango revenue beside the recipes, for the park and per vehicle. */
export const ZYangoReconciliationQuery = ZYangoActivityQuery;
export const ZYangoReconciliation = z.object({
  connected: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  yango_currency: z.string(),
  currency: z.string(),
  linked_drivers: z.number().int(),
  totals: z.object({ yango_revenue: z.number(), expected: z.number(), collected: z.number() }),
  vehicles: z.array(
    z.object({ vehicle_id: z.string(), registration_number: z.string(), label: z.string().nullable(), yango_revenue: z.number(), expected: z.number(), collected: z.number() }),
  ),
});
export type TYangoReconciliation = z.infer<typeof ZYangoReconciliation>;

// ---- The Yango debit (section 4) ----

export const ZYangoDebitInput = z.object({
  recipe_id: zRequired('La recette').max(100),
  amount: z.number({ error: 'Le montant est requis' }).positive('Le montant doit être supérieur à 0'),
  comment: z.string().trim().max(500).optional(),
});
export const ZYangoDebit = z.object({
  id: z.string(),
  recipe_id: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'paid', 'failed']),
  reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type TYangoDebit = z.infer<typeof ZYangoDebit>;
