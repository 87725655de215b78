import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { INT4_MAX } from './constants.ts';
import { isCalendarDate } from './vehicle-documents.ts';

/**
 * Service reminders (issue 18 section 2): per vehicle, a repair type or a free title, due every N km,
 * every N months, or whichever comes first; recurring or once. The next due is counted from the last
 * time the service was done (a finished maintenance of its repair type resets it); a reminder never
 * done counts from its creation day and the vehicle's mileage then. The oil change (repair type 2,
 * Vidange) falls due at the vehicle's `mileage_for_vidange` when that is set and ahead of the count.
 */

export const SERVICE_URGENCIES = ['ok', 'soon', 'due', 'overdue'] as const;
export type TServiceUrgency = (typeof SERVICE_URGENCIES)[number];

export const SERVICE_URGENCY_LABELS: Record<TServiceUrgency, string> = {
  ok: 'À jour',
  soon: 'Bientôt',
  due: 'À faire',
  overdue: 'En retard',
};

/** The repair type whose due mileage is the vehicle's mileage_for_vidange. */
export const VIDANGE_REPAIR_TYPE_ID = 2;
/** A park's defaults for 'soon': this many days or kilometres before the due (parks.service_soon_*). */
export const SERVICE_SOON_DAYS_DEFAULT = 30;
export const SERVICE_SOON_KM_DEFAULT = 1000;
export const SERVICE_SOON_DAYS_MAX = 365;
export const SERVICE_SOON_KM_MAX = 100_000;
export const REMINDER_EVERY_KM_MAX = 1_000_000;
export const REMINDER_EVERY_MONTHS_MAX = 120;
export const REMINDER_TITLE_MAX = 120;

export const REMINDER_MESSAGES = {
  subject: "Choisissez un type d'entretien ou saisissez un titre",
  repairType: "Type d'entretien invalide",
  titleMax: `Le titre ne peut pas dépasser ${REMINDER_TITLE_MAX} caractères`,
  interval: 'Indiquez un intervalle en kilomètres, en mois, ou les deux',
  everyKm: `Le nombre de kilomètres doit être un entier positif (au plus 1 000 000)`,
  everyMonths: `Le nombre de mois doit être un entier positif (au plus ${REMINDER_EVERY_MONTHS_MAX})`,
  lastDoneAt: 'Date invalide (format attendu yyyy-MM-dd)',
  lastDoneKm: 'Le kilométrage doit être un entier positif ou nul',
  recurring: 'Valeur invalide\u00a0: oui ou non attendu',
  soonDays: `Le nombre de jours doit être compris entre 1 et ${SERVICE_SOON_DAYS_MAX}`,
  soonKm: `Le nombre de kilomètres doit être compris entre 1 et 100 000`,
} as const;
const M = REMINDER_MESSAGES;

/** Toasts after a change (the web shows the envelope's message). */
export const REMINDER_SUCCESS_MESSAGES = {
  added: 'Rappel ajouté avec succès',
  updated: 'Rappel modifié avec succès',
  deleted: 'Rappel supprimé',
} as const;

const positiveInt = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/**
 * POST /vehicle/{id}/reminders and PUT /reminders/{id} (the whole reminder: an absent optional field
 * is cleared). `last_done_*` say when it was last done, if known; otherwise the count starts today
 * at the vehicle's mileage.
 */
export const ZReminderInput = z
  .object({
    repair_type_id: z.coerce.number({ error: M.repairType }).int(M.repairType).min(1, M.repairType).max(INT4_MAX, M.repairType).nullish(),
    title: z.string({ error: M.subject }).trim().max(REMINDER_TITLE_MAX, M.titleMax).nullish(),
    every_km: positiveInt(M.everyKm, REMINDER_EVERY_KM_MAX).nullish(),
    every_months: positiveInt(M.everyMonths, REMINDER_EVERY_MONTHS_MAX).nullish(),
    recurring: z.boolean({ error: M.recurring }).default(true),
    last_done_at: z.string({ error: M.lastDoneAt }).refine(isCalendarDate, M.lastDoneAt).nullish(),
    last_done_km: z.coerce.number({ error: M.lastDoneKm }).int(M.lastDoneKm).min(0, M.lastDoneKm).max(INT4_MAX, M.lastDoneKm).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.repair_type_id && !v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: M.subject });
    if (v.every_km == null && v.every_months == null) ctx.addIssue({ code: 'custom', path: ['every_km'], message: M.interval });
  });
export type TReminderInput = z.input<typeof ZReminderInput>;
export type TReminderInputParsed = z.output<typeof ZReminderInput>;

export const ZReminder = z.object({
  id: z.string(),
  vehicle_id: z.string(),
  repair_type: z.object({ id: z.number(), name: z.string() }).nullable(),
  title: z.string().nullable(),
  label: z.string().describe('The title, else the repair type name: what a person reads'),
  every_km: z.number().nullable(),
  every_months: z.number().nullable(),
  recurring: z.boolean(),
  last_done_at: z.string().nullable().describe('yyyy-MM-dd, null if never done since the reminder exists'),
  last_done_km: z.number().nullable().describe('The odometer when last done, null if never done or not read'),
  counted_from: z
    .object({ date: z.string().describe('yyyy-MM-dd'), km: z.number().nullable() })
    .describe('Where the next due is counted from: the last time done, else the creation day and the mileage then'),
  next_due_date: z.string().nullable().describe('yyyy-MM-dd; null without every_months'),
  next_due_km: z.number().nullable().describe('null without every_km (and no mileage_for_vidange), or without a starting mileage'),
  days_left: z.number().nullable().describe("next_due_date minus the park's today (negative when past)"),
  km_left: z.number().nullable().describe("next_due_km minus the vehicle's mileage (negative when past); null without mileage"),
  urgency: z.enum(SERVICE_URGENCIES).describe("The worse of the date's and the distance's: whichever comes first"),
  urgency_label: z.string(),
  done_at: z.string().nullable().describe("A one-time reminder once done (yyyy-MM-ddTHH:mm:ss in the park's time zone): it no longer falls due"),
  created_at: z.string(),
});
export type TReminder = z.infer<typeof ZReminder>;

/** GET /vehicle/{id}/reminders: the reminders (open first, the most urgent first) and the vehicle's urgency. */
export const ZVehicleReminders = z.object({
  vehicle_id: z.string(),
  mileage: z.number().nullable(),
  mileage_for_vidange: z.number().nullable(),
  urgency: z.enum(SERVICE_URGENCIES).describe("The worst of its open reminders' ('ok' without any)"),
  urgency_label: z.string(),
  soon_days: z.number().describe("The park's threshold for 'soon', in days"),
  soon_km: z.number().describe("The park's threshold for 'soon', in kilometres"),
  reminders: z.array(ZReminder),
});
export type TVehicleReminders = z.infer<typeof ZVehicleReminders>;

/** The park's thresholds as the company form edits them (part of PUT /park/{park_id}). */
export const zServiceSoonDays = z.coerce.number({ error: M.soonDays }).int(M.soonDays).min(1, M.soonDays).max(SERVICE_SOON_DAYS_MAX, M.soonDays);
export const zServiceSoonKm = z.coerce.number({ error: M.soonKm }).int(M.soonKm).min(1, M.soonKm).max(SERVICE_SOON_KM_MAX, M.soonKm);
