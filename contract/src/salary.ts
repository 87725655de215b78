import { z } from 'zod';
import './formats.ts';
import { isDayOrWireDate } from './wire-date.ts';

/**
 * Driver salary (spec 001 sections 2.11, 3, 4, 6, 7; issue 6 section 3). The gross salary of a
 * period is the salary share (salary_amount) of the driver's recipes of that period that are fully
 * paid and not yet counted in a salary; the penalties are his contravention losses, each deducted
 * at most once; net = gross - the selected penalties, never below 0. Only the fleet owner pays.
 * Amounts are in the park currency (at most 2 decimals), days are the park's days.
 */

export const SALARY_MESSAGES = {
  /** Spec 001 section 2.11: the salary tab without MANAGE_DRIVER_VEHICLE. */
  tabDenied: "Vous n'avez pas les permissions pour afficher le salaire",
  /** Spec 001 section 6: what anyone but the owner sees. */
  restrictedTitle: 'Accès restreint',
  ownerOnly: 'Seul le propriétaire de la flotte peut effectuer des paiements de salaire.',
  nothingToPay: 'Aucun salaire à payer pour cette période',
  notSettled: 'Recette non soldée',
  salaryDay: 'Jour de salaire : le chauffeur a gardé la recette du jour',
  driver: 'Choisissez un chauffeur',
  date: 'Date invalide (format attendu yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss)',
  paymentType: 'Mode de paiement invalide (cash ou sold)',
  penalties: 'Liste des pénalités invalide',
} as const;

export const SALARY_SUCCESS = { paid: 'Salaire payé avec succès' } as const;

/** How a salary is paid: cash from a caisse, or credited to the driver's balance (his sold). */
export const SALARY_PAYMENT_TYPES = ['cash', 'sold'] as const;
export type TSalaryPaymentType = (typeof SALARY_PAYMENT_TYPES)[number];
export const SALARY_PAYMENT_TYPE_LABELS: Record<TSalaryPaymentType, string> = { cash: 'Espèces (caisse)', sold: 'Solde chauffeur' };

/** The longest period one calculation or payment covers. */
export const SALARY_MAX_DAYS = 366;
/** Penalties listed at most (spec 001 section 9: penalties 1000). */
export const SALARY_PENALTIES_LIMIT = 1000;

/**
 * Net salary: gross minus the selected penalties, floored at 0 (spec 001 section 4). Computed in
 * hundredths so that 0.1 + 0.2 never leaves a stray cent; the server computes the same in minor units.
 */
export function netSalary(gross: number, penalties: readonly number[]): number {
  const cents = (v: number) => Math.round(v * 100);
  const net = cents(gross) - penalties.reduce((s, p) => s + cents(p), 0);
  return Math.max(0, net) / 100;
}

const zUuid = z.string({ error: SALARY_MESSAGES.driver }).trim().regex(/^[0-9a-f-]{36}$/i, SALARY_MESSAGES.driver);
/** A day (`yyyy-MM-dd`) or a wire date of which the day counts. */
const zDay = z
  .string({ error: SALARY_MESSAGES.date })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/, SALARY_MESSAGES.date)
  .refine(isDayOrWireDate, SALARY_MESSAGES.date);

export const ZSalaryQuery = z.object({
  driver_id: zUuid,
  start_date: zDay.describe('yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss : le jour compte'),
  end_date: zDay.describe('yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss : le jour compte (inclus)'),
  park_id: z.string().optional(),
});
export type TSalaryQuery = z.input<typeof ZSalaryQuery>;

const zVehicleRef = z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string() }).nullable();

/**
 * One line of the figure:
 * - 'recipe', counted: a fully paid recipe not yet counted in a salary; its salary_amount is in the gross;
 * - 'recipe', not counted: a recipe not fully paid yet ('Recette non soldée'); it counts once paid;
 * - 'salary_day': a salary day of the confirmed planning, for information (the driver kept that day's revenue).
 */
export const ZSalaryLine = z.object({
  kind: z.enum(['recipe', 'salary_day']),
  recipe_id: z.string().nullable(),
  date: z.string().describe('yyyy-MM-dd'),
  vehicle: zVehicleRef,
  objective: z.number().nullable(),
  collected: z.number().nullable(),
  salary_amount: z.number(),
  counted: z.boolean(),
  note: z.string().nullable(),
});
export type TSalaryLine = z.infer<typeof ZSalaryLine>;

/** A contravention of the driver not yet deducted from a salary. */
export const ZSalaryPenalty = z.object({
  id: z.string().describe("L'opération (perte, sous-compte contravention)"),
  amount: z.number(),
  comment: z.string().nullable(),
  date: z.string().describe('yyyy-MM-ddTHH:mm:ss'),
  vehicle: zVehicleRef,
});
export type TSalaryPenalty = z.infer<typeof ZSalaryPenalty>;

export const ZSalaryPaymentRecord = z.object({
  id: z.string(),
  start_date: z.string().describe('yyyy-MM-dd'),
  end_date: z.string().describe('yyyy-MM-dd'),
  gross: z.number(),
  penalties: z.number(),
  net: z.number(),
  payment_type: z.enum(SALARY_PAYMENT_TYPES),
  reason: z.string().nullable(),
  fund_movement_id: z.string().nullable(),
  created_at: z.string(),
});
export type TSalaryPaymentRecord = z.infer<typeof ZSalaryPaymentRecord>;

export const ZSalaryCalculation = z.object({
  currency: z.string(),
  driver: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  start_date: z.string(),
  end_date: z.string(),
  gross: z.number().describe('Somme des salary_amount des recettes soldées, pas encore payées'),
  pending: z.number().describe('Part de salaire des recettes non soldées (comptera une fois soldées)'),
  lines: z.array(ZSalaryLine),
  penalties: z.array(ZSalaryPenalty),
  already_paid: z.array(ZSalaryPaymentRecord).describe('Salaires déjà payés dont la période chevauche celle-ci'),
});
export type TSalaryCalculation = z.infer<typeof ZSalaryCalculation>;

export const ZSalaryPaymentInput = z.object({
  driver_id: zUuid,
  reason: z.string().trim().max(500, 'Le motif ne peut pas dépasser 500 caractères').optional(),
  start_date: zDay,
  end_date: zDay,
  payment_type: z.enum(SALARY_PAYMENT_TYPES, { error: SALARY_MESSAGES.paymentType }),
  caisse_id: z.string().trim().optional().describe('Pour cash ; sans elle, le compte cash par défaut'),
  contraventions_to_reduct_on_salary: z
    .array(z.string().trim().regex(/^[0-9a-f-]{36}$/i, SALARY_MESSAGES.penalties), { error: SALARY_MESSAGES.penalties })
    .max(SALARY_PENALTIES_LIMIT, SALARY_MESSAGES.penalties)
    .optional(),
  park_id: z.string().optional(),
});
export type TSalaryPaymentInput = z.input<typeof ZSalaryPaymentInput>;

export const ZSalaryPaymentResult = z.object({
  salary_payment: ZSalaryPaymentRecord,
  recipes_count: z.number(),
  penalty_ids: z.array(z.string()),
});
export type TSalaryPaymentResult = z.infer<typeof ZSalaryPaymentResult>;
