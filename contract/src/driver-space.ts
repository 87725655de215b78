import { z } from 'zod';
import { zOtp } from './auth.ts';
import { zPhone } from './formats.ts';
import { ZPlanningEntry } from './planning.ts';
import { ZPayExpectedInput, ZRecipeHistoryPage, ZUnpaidHistory } from './recipes.ts';
import { ZSalaryPaymentRecord } from './salary.ts';
import { UUID } from './vehicle-form-values.ts';

/**
 * The driver's own space (issue 22 section 2): his sign-in by phone (a one-time code, then his
 * PIN) and what he sees of himself, only himself.
 */

// ---------------------------------------------------------------- sign-in

/** POST /auth/driver/login: the phone alone; the answer is the same whether or not a driver has it. */
export const ZDriverLogin = z.object({ phone: zPhone });
export type TDriverLogin = z.infer<typeof ZDriverLogin>;

/** POST /auth/driver/verify-otp: the phone, the challenge (`code`) and the 6 digits received. */
export const ZDriverVerifyOtp = z.object({
  phone: zPhone,
  code: z.string({ error: 'Le code de la demande est requis' }).min(1, 'Le code de la demande est requis'),
  otp: zOtp,
});
export type TDriverVerifyOtp = z.infer<typeof ZDriverVerifyOtp>;

/** POST /auth/driver/resend-otp: a new code for the open challenge; the same answer for any phone. */
export const ZDriverResendOtp = ZDriverVerifyOtp.pick({ phone: true, code: true });
export type TDriverResendOtp = z.infer<typeof ZDriverResendOtp>;

// ---------------------------------------------------------------- his space

export const ZDriverMe = z.object({
  id: z.string().describe('The driver record'),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  image: z.string().nullable().describe('Signed link'),
  status: z.enum(['active', 'suspended']),
  park: z.object({ id: z.string(), name: z.string(), currency: z.string(), time_zone: z.string(), logo: z.string().nullable() }),
});
export type TDriverMe = z.infer<typeof ZDriverMe>;

/** GET /driver/me/today: today's vehicle and hours, from the confirmed planning (empty: not planned). */
export const ZDriverToday = z.object({
  date: z.string().describe("yyyy-MM-dd, today in the park's time zone"),
  entries: z.array(ZPlanningEntry),
});
export type TDriverToday = z.infer<typeof ZDriverToday>;

export const DRIVER_PLANNING_MAX_DAYS = 31;
export const ZDriverPlanningQuery = z.object({
  days: z.coerce
    .number({ error: 'Nombre de jours invalide' })
    .int('Nombre de jours invalide')
    .min(1, 'Nombre de jours invalide')
    .max(DRIVER_PLANNING_MAX_DAYS, `Au plus ${DRIVER_PLANNING_MAX_DAYS} jours`)
    .default(7),
});
export type TDriverPlanningQuery = z.infer<typeof ZDriverPlanningQuery>;

/** GET /driver/me/planning: his entries from today over the coming days. */
export const ZDriverPlanning = z.object({
  start_date: z.string().describe('yyyy-MM-dd'),
  end_date: z.string().describe('yyyy-MM-dd'),
  entries: z.array(ZPlanningEntry),
});
export type TDriverPlanning = z.infer<typeof ZDriverPlanning>;

const zDriverPage = z.coerce.number({ error: 'Page invalide' }).int('Page invalide').min(1, 'Page invalide').max(10_000, 'Page invalide').default(1);
export const ZDriverPageQuery = z.object({ page: zDriverPage });
export type TDriverPageQuery = z.infer<typeof ZDriverPageQuery>;

/** GET /driver/me/owed: his unpaid recipes (expected, unscheduled, debts, contract instalments), newest day first. */
export const ZDriverOwed = ZUnpaidHistory;
export type TDriverOwed = z.infer<typeof ZDriverOwed>;

/** GET /driver/me/paid: his fully paid recipes with their payments, newest day first. */
export const ZDriverPaid = ZRecipeHistoryPage;
export type TDriverPaid = z.infer<typeof ZDriverPaid>;

/** GET /driver/me/salary: his salary statements, latest period first. */
export const ZDriverSalaries = z.array(ZSalaryPaymentRecord);
export type TDriverSalaries = z.infer<typeof ZDriverSalaries>;

export const ZDriverNotification = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TDriverNotification = z.infer<typeof ZDriverNotification>;
export const ZDriverNotifications = z.object({ items: z.array(ZDriverNotification), unread: z.number().int() });
export type TDriverNotifications = z.infer<typeof ZDriverNotifications>;

/** POST /driver/me/notifications/read: the ones named, or all of his when none is named. */
export const ZDriverNotificationsRead = z.object({
  ids: z.array(z.string().regex(UUID, 'Identifiant invalide')).max(500).optional(),
});
export type TDriverNotificationsRead = z.infer<typeof ZDriverNotificationsRead>;
export const ZDriverNotificationsReadAnswer = z.object({ marked: z.number().int() });

// ---------------------------------------------------------------- paying by mobile money

/**
 * POST /driver/me/pay: one of his unpaid recipes (all that remains unless amount says less), by
 * mobile money to his own phone unless he names another; answers the validation card.
 */
export const ZDriverPayInput = ZPayExpectedInput.pick({ recette_id: true, amount: true, operator_id: true, phone: true });
export type TDriverPayInput = z.input<typeof ZDriverPayInput>;
export const ZDriverPayinParams = z.object({ id: z.string().regex(UUID, 'Transaction introuvable') });
