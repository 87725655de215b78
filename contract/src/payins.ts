import { z } from 'zod';
import { INT4_MAX, normalizePhone } from './constants.ts';
import { numeric } from './vehicle-form-values.ts';

/**
 * Mobile-money collection (pay-ins, spec 001 sections 2 item 12, 3 "Transaction validation data",
 * 4 "Transaction validation card" and "Payment dialog", 9): a driver is asked to pay through his
 * operator (Wave checkout, MTN MoMo request-to-pay, CinetPay for Orange and Moov); the transaction
 * validation card shows the USSD code to confirm with, the payment link, and a 300-second countdown
 * while the provider's answer is awaited.
 */

/** Spec 001 section 9: the transaction validation countdown. */
export const PAYIN_COUNTDOWN_SECONDS = 300;

/** How often the validation card asks GET /transaction/check-status/{id} (milliseconds). */
export const PAYIN_POLL_INTERVAL_MS = 3000;

/** How long the card says 'Copié' after the USSD code was copied (spec 001 section 4). */
export const PAYIN_COPY_CONFIRMATION_MS = 2000;

export const PAYIN_MESSAGES = {
  /** Spec 001 sections 4 and 8. */
  expired: 'Transaction expirée',
  expiredDetail: 'Le délai de validation est dépassé. Veuillez réessayer.',
  /** The answer of a route that started a pay-in (spec 001 section 8). */
  initiated: 'Transaction initiée avec succès',
  /** Operator or phone missing for a mobile-money payment (spec 001 section 8, warnings). */
  requiredFields: 'Veuillez remplir tous les champs requis',
  phoneInvalid: 'Format de numéro de téléphone invalide',
  validated: "J'ai validé",
  cancel: 'Annuler',
  cancelled: 'Transaction annulée',
  succeeded: 'Paiement reçu',
  failed: "Le paiement a été refusé par l'opérateur",
  pending: 'En attente de validation',
  copied: 'Copié',
} as const;

/** Spec 001 section 4: pending, init, success; plus how a pay-in can end otherwise. */
export const PAYIN_STATUSES = ['pending', 'init', 'success', 'failed', 'expired', 'cancelled'] as const;
export type TPayinStatus = (typeof PAYIN_STATUSES)[number];

/** The buttons of the card act only while the provider has not answered (spec 001 section 4). */
export function isPayinOpen(status: TPayinStatus): boolean {
  return status === 'pending' || status === 'init';
}

/**
 * Transaction validation data (spec 001 section 3), as the routes that start a pay-in answer it
 * (`data.validation`) and as GET /transaction/check-status/{id} answers for a pay-in.
 */
export const ZTransactionValidation = z.object({
  /** Our pay-in id: what check-status, 'J'ai validé' and 'Annuler' name. */
  transaction_id: z.string(),
  /** The code the driver dials to confirm (MTN *126#, Orange #150*50# ...); null when the operator uses a link only. */
  ussd_code: z.string().nullable(),
  /** The operator's name (Wave, MTN MoMo, Orange Money, Moov Money). */
  operator: z.string(),
  /** In the park currency, at most 2 decimals. */
  amount: z.number(),
  currency: z.string(),
  /** What the driver sees on his phone: the provider's reference once it gave one, else ours. */
  reference: z.string(),
  status: z.enum(PAYIN_STATUSES),
  /** Wave: the checkout page the driver opens to pay. */
  wave_launch_url: z.string().nullable(),
  /** Other providers' payment page, when they give one (CinetPay). */
  payment_link: z.string().nullable(),
  /** The end of the countdown, yyyy-MM-ddTHH:mm:ss in the park's time zone. */
  expires_at: z.string(),
  /** What is left of the countdown when the server answered (0 once expired). */
  seconds_left: z.number().int().min(0),
});
export type TTransactionValidation = z.infer<typeof ZTransactionValidation>;

/**
 * The operator and the number to pay from, for a payment with payment_type 'mobile_money'. Either
 * missing reads 'Veuillez remplir tous les champs requis' (the payment dialog's warning). The phone
 * is kept as typed, without spaces; the server adds the park's calling code when it is missing.
 */
export const ZMobileMoneyPayer = z.object({
  operator_id: z.preprocess(
    numeric,
    z.number({ error: PAYIN_MESSAGES.requiredFields }).int(PAYIN_MESSAGES.requiredFields).positive(PAYIN_MESSAGES.requiredFields).max(INT4_MAX, PAYIN_MESSAGES.requiredFields),
  ),
  phone: z
    .string({ error: PAYIN_MESSAGES.requiredFields })
    .transform((v) => normalizePhone(v))
    .pipe(z.string().min(1, PAYIN_MESSAGES.requiredFields).regex(/^\+?\d{8,15}$/, PAYIN_MESSAGES.phoneInvalid)),
});
export type TMobileMoneyPayer = z.output<typeof ZMobileMoneyPayer>;

/**
 * The same check as the dialog runs it before sending (zod-free callers welcome): the first
 * message to show, or null when operator and phone are there.
 */
export function mobileMoneyPayerError(input: { operator_id?: unknown; phone?: unknown }): string | null {
  const r = ZMobileMoneyPayer.safeParse({ operator_id: input.operator_id ?? undefined, phone: input.phone ?? undefined });
  return r.success ? null : (r.error.issues[0]?.message ?? PAYIN_MESSAGES.requiredFields);
}

/** m:ss, as the card shows the countdown (spec 001 section 4): 300 -> '5:00', 59 -> '0:59'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** POST /payin/{id}/cancel and /payin/{id}/validated answer the card's data again. */
export const ZPayinIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Transaction introuvable') });
