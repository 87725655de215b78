import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { PAYIN_COUNTDOWN_SECONDS, type TTransactionValidation } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { currencyDecimals, fromMinor } from '../../platform/money.ts';
import type { CollectionClientName, CollectionProvider, CollectionResult } from '../../platform/payments/collection.types.ts';
import { PayoutOutcomeUnknown } from '../../platform/payments/payments.types.ts';
import { parkPlace } from '../withdrawals/withdraw-means.service.ts';
import { operatorById, operatorForCountry } from './payin-operators.ts';
import { payinPurposeHandler } from './payin-purposes.ts';
import { settlePayin, type SettleResult } from './payin-settlement.ts';
import { validationView, type PayinRow } from './payin-view.ts';
import type { PayinsDeps } from './payins.deps.ts';
import { payins, type PayinPurpose } from './payins.tables.ts';

export type { PayinsDeps } from './payins.deps.ts';
export { settlePayin } from './payin-settlement.ts';

/**
 * Mobile-money collection (pay-ins, issue 6 section 2): the park asks a driver to pay through his
 * operator, and the pay-in applies its purpose (recipes, an exceptional payment) once the provider
 * says the money arrived. The order keeps money safe:
 *
 * 1. The pay-in is written 'pending' (countdown 300 s) before the provider is asked, with our id
 *    as the provider's reference / idempotency key, so a retry is one payment at the provider and
 *    a check finds it by our id.
 * 2. The provider's answer is the driver's prompt (MTN USSD push) or a page (Wave's
 *    wave_launch_url, CinetPay's payment_url); a refusal ends the pay-in (PAYIN_REFUSED), no answer
 *    leaves it pending for the checks below.
 * 3. It settles on the provider's verified callback (webhooks), on 'J'ai validé', on the card's
 *    check-status polling, or on the minute job, which also keeps asking about expired and
 *    cancelled ones for a day: a late success is applied, never lost (payin-settlement.ts).
 */

/** The webhook path of each collection client (the routes in payins.routes.ts). */
export const WEBHOOK_PATHS: Record<CollectionClientName, string> = { wave: 'wave', mtn: 'mtn-momo', cinetpay: 'cinetpay' };

/** The token our callback URLs carry (MTN documents no signature; CinetPay's notify_url gets it too). */
export function callbackToken(secret: Uint8Array, collector: CollectionClientName, payinId: string): string {
  return createHmac('sha256', secret).update(`payin-callback:${collector}:${payinId}`).digest('hex');
}

export function callbackTokenValid(secret: Uint8Array, collector: CollectionClientName, payinId: string | undefined, token: string | undefined): boolean {
  if (!payinId || !token || !/^[0-9a-f]{64}$/i.test(token)) return false;
  const expected = Buffer.from(callbackToken(secret, collector, payinId), 'hex');
  const given = Buffer.from(token, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function callbackUrl(deps: Pick<PayinsDeps, 'publicUrl' | 'callbackSecret'>, collector: CollectionClientName, payinId: string): string {
  const q = new URLSearchParams({ payin: payinId, t: callbackToken(deps.callbackSecret, collector, payinId) });
  return `${deps.publicUrl}/api/webhooks/payins/${WEBHOOK_PATHS[collector]}?${q.toString()}`;
}

/**
 * The payer's number as E.164 digits: kept when it starts with the park's calling code (with '+'
 * or enough digits after it), else the calling code is put in front of the local number.
 */
export function payerMsisdn(phone: string, callingCode: string): string {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  const international = trimmed.startsWith('+') || trimmed.startsWith('00') || (digits.startsWith(callingCode) && digits.length - callingCode.length >= 8);
  const msisdn = international ? digits : `${callingCode}${digits}`;
  if (!/^\d{10,15}$/.test(msisdn)) throw new AppError('PAYIN_PHONE_INVALID');
  return msisdn;
}

function collectorOf(deps: PayinsDeps, name: string): CollectionProvider {
  const c = deps.payments.collector(name as CollectionClientName);
  if (!c) throw new AppError('PAYIN_PROVIDER_UNAVAILABLE');
  return c;
}

/** Asks a driver to pay (the recipes routes call it for payment_type 'mobile_money'). */
export async function startPayin(
  deps: PayinsDeps,
  acting: ActingProfile,
  input: { amount: number; phone: string; operatorId: string; driverId: string | null; vehicleId: string | null; purpose: PayinPurpose },
): Promise<TTransactionValidation> {
  const { db } = deps;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AppError('BUSINESS_RULE', { message: 'Le montant doit être supérieur à 0' });
  const place = await parkPlace(db, acting.parkId);
  const currency = acting.park.currency;
  const operator = await operatorForCountry(db, input.operatorId, place.countryIso);
  const collector = collectorOf(deps, operator.collector);
  if (collector.amountMultipleOf && currencyDecimals(currency) === 0 && input.amount % collector.amountMultipleOf !== 0) throw new AppError('PAYIN_AMOUNT_MULTIPLE_OF_5');
  const msisdn = payerMsisdn(input.phone, place.callingCode);

  const now = new Date();
  const [row] = await db
    .insert(payins)
    .values({
      parkId: acting.parkId,
      provider: collector.name,
      operatorId: String(operator.id),
      phone: msisdn,
      amount: input.amount,
      currency,
      status: 'pending',
      ussdCode: operator.ussdCode,
      purpose: input.purpose,
      driverId: input.driverId,
      vehicleId: input.vehicleId,
      createdBy: acting.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PAYIN_COUNTDOWN_SECONDS * 1000),
    })
    .returning();

  let current: PayinRow = row;
  const foreign = payinPurposeHandler(input.purpose.kind);
  try {
    const started = await collector.requestPayment({
      reference: row.id,
      amount: String(fromMinor(row.amount, currency)),
      currency,
      msisdn,
      callingCode: place.callingCode,
      operator: operator.provider,
      description: foreign?.description ?? (input.purpose.kind === 'exceptional' ? 'Paiement exceptionnel Flotte' : 'Paiement de recettes Flotte'),
      callbackUrl: callbackUrl(deps, collector.name, row.id),
      returnUrl: `${deps.publicUrl}${foreign?.returnPath ?? '/dashboard/receipts'}`,
    });
    if (started.status === 'failed') {
      await db.update(payins).set({ status: 'failed', settledAt: new Date(), detail: started.detail?.slice(0, 500) ?? null }).where(and(eq(payins.id, row.id), eq(payins.status, 'pending')));
      throw new AppError('PAYIN_REFUSED');
    }
    const [updated] = await db
      .update(payins)
      .set({ providerRef: started.providerRef, launchUrl: started.launchUrl })
      .where(eq(payins.id, row.id))
      .returning();
    current = updated ?? row;
  } catch (err) {
    if (!(err instanceof PayoutOutcomeUnknown)) throw err;
    // The provider may have taken it: the pay-in stays pending, the checks will tell.
    deps.log?.warn({ err, payinId: row.id }, 'pay-in request outcome unknown: left pending for reconciliation');
  }
  return validationView(current, operator.name, acting.park.timeZone);
}

/** A pay-in of the park, or null. */
export async function payinOfPark(db: Db, parkId: string, id: string): Promise<PayinRow | null> {
  const [row] = await db.select().from(payins).where(and(eq(payins.parkId, parkId), eq(payins.id, id)));
  return row ?? null;
}

/** A pending pay-in past its countdown is written expired (the view already shows it so). */
async function markExpired(deps: PayinsDeps, row: PayinRow): Promise<PayinRow> {
  if (row.status !== 'pending' || row.expiresAt.getTime() > Date.now()) return row;
  return (await settlePayin(deps, row.id, { status: 'pending' })).row ?? row;
}

/** The last time each pay-in's provider was asked, so the card's 3-second polling doesn't hammer it. */
const lastAsked = new Map<string, number>();
const ASK_EVERY_MS = 10_000;

/**
 * Asks the provider where a pay-in stands and settles it. Asked only while the provider may still
 * change its mind: pending, expired, or cancelled without a final answer.
 */
export async function refreshPayin(deps: PayinsDeps, row: PayinRow, opts: { force?: boolean } = {}): Promise<PayinRow> {
  if (row.status === 'success' || row.status === 'failed' || row.settledAt) return row;
  const now = Date.now();
  if (!opts.force && now - (lastAsked.get(row.id) ?? 0) < ASK_EVERY_MS) return markExpired(deps, row);
  lastAsked.set(row.id, now);
  if (lastAsked.size > 10_000) for (const [k, t] of lastAsked) if (now - t > ASK_EVERY_MS) lastAsked.delete(k);
  const collector = deps.payments.collector(row.provider as CollectionClientName);
  if (!collector) return row;
  let result: CollectionResult | null;
  try {
    result = await collector.paymentStatus({ reference: row.id, providerRef: row.providerRef });
  } catch (err) {
    if (!(err instanceof PayoutOutcomeUnknown)) throw err;
    deps.log?.warn({ err, payinId: row.id }, 'pay-in status unknown: still open');
    return markExpired(deps, row);
  }
  // Unknown to the provider once the countdown is over: the request never reached it.
  if (!result) {
    const over = row.expiresAt.getTime() <= now;
    if (!over) return row;
    return (await settlePayin(deps, row.id, { status: 'failed', detail: "La demande n'a jamais atteint l'opérateur" })).row ?? row;
  }
  return (await settlePayin(deps, row.id, result)).row ?? row;
}

async function view(deps: PayinsDeps, acting: ActingProfile, row: PayinRow): Promise<TTransactionValidation> {
  const operator = await operatorById(deps.db, row.operatorId);
  return validationView(row, operator?.name ?? row.provider, acting.park.timeZone);
}

/**
 * Which pay-ins a caller acts on: by default the park's own collections (recipes, exceptional
 * payments); `kind: 'subscription'` the subscription invoices' (their own buttons, their own
 * permission). Each reads the other's as not found.
 */
export interface PayinScope {
  kind?: 'subscription';
}

const inScope = (row: PayinRow, scope: PayinScope) => (row.purpose.kind === 'subscription') === (scope.kind === 'subscription');

async function ownPayin(deps: PayinsDeps, acting: ActingProfile, id: string, scope: PayinScope = {}): Promise<PayinRow> {
  const row = await payinOfPark(deps.db, acting.parkId, id);
  if (!row || !inScope(row, scope)) throw new AppError('PAYIN_NOT_FOUND');
  return row;
}

/**
 * GET /transaction/check-status/{id} for a pay-in (the card polls it every 3 s): its validation
 * data after asking the provider (at most every 10 s). Null when the id is not one of the park's
 * pay-ins (a withdrawal, then). Reading a pay-in needs VIEW_CASH_COLLECTION; a subscription
 * invoice's pay-in READ_SUBSCRIPTION (the subscription screen polls it).
 */
export async function payinCheckStatus(deps: PayinsDeps, acting: ActingProfile, id: string): Promise<TTransactionValidation | null> {
  const row = await payinOfPark(deps.db, acting.parkId, id);
  if (!row) return null;
  if (!hasPermission(acting, row.purpose.kind === 'subscription' ? 'READ_SUBSCRIPTION' : 'VIEW_CASH_COLLECTION')) throw new AppError('FORBIDDEN');
  return view(deps, acting, await refreshPayin(deps, row));
}

/** 'J'ai validé': the provider is asked now, and the pay-in settled by its answer. */
export async function validatedPayin(deps: PayinsDeps, acting: ActingProfile, id: string, scope: PayinScope = {}): Promise<TTransactionValidation> {
  const row = await ownPayin(deps, acting, id, scope);
  return view(deps, acting, await refreshPayin(deps, row, { force: true }));
}

/**
 * 'Annuler': the pay-in stops being awaited (cancelled) unless the provider already has the money.
 * Wave's checkout session is closed; MTN and CinetPay can't withdraw a prompt, so a payment made
 * anyway is still applied when it is reported (the job keeps asking for a day).
 */
export async function cancelPayin(deps: PayinsDeps, acting: ActingProfile, id: string, scope: PayinScope = {}): Promise<TTransactionValidation> {
  const before = await refreshPayin(deps, await ownPayin(deps, acting, id, scope), { force: true });
  if (before.status === 'success' || before.status === 'failed') throw new AppError('PAYIN_NOT_PENDING', { data: await view(deps, acting, before) });
  if (before.status === 'cancelled') return view(deps, acting, before);
  const [row] = await deps.db
    .update(payins)
    .set({ status: 'cancelled', detail: 'Annulée depuis la carte de validation' })
    .where(and(eq(payins.id, id), sql`${payins.status} in ('pending', 'expired')`))
    .returning();
  const current = row ?? (await ownPayin(deps, acting, id, scope));
  const collector = deps.payments.collector(current.provider as CollectionClientName);
  if (row && collector?.cancelPayment) {
    await collector.cancelPayment({ reference: current.id, providerRef: current.providerRef }).catch((err: unknown) => deps.log?.warn({ err, payinId: id }, 'pay-in cancel at the provider failed'));
  }
  return view(deps, acting, current);
}

/**
 * The minute job: pending pay-ins older than `olderThanSeconds`, and expired or cancelled ones
 * still without a final answer for up to `windowHours`, asked to their provider and settled.
 */
export async function reconcilePayins(deps: PayinsDeps, opts: { olderThanSeconds: number; windowHours?: number; limit?: number }): Promise<{ checked: number; settled: number }> {
  const now = Date.now();
  const before = new Date(now - opts.olderThanSeconds * 1000);
  const since = new Date(now - (opts.windowHours ?? 24) * 3600_000);
  const rows = await deps.db
    .select()
    .from(payins)
    .where(
      or(
        and(eq(payins.status, 'pending'), lt(payins.createdAt, before)),
        and(sql`${payins.status} in ('expired', 'cancelled')`, isNull(payins.settledAt), gt(payins.createdAt, since), lt(payins.createdAt, before)),
      ),
    )
    .orderBy(asc(payins.createdAt))
    .limit(opts.limit ?? 200);
  let settled = 0;
  for (const row of rows) {
    try {
      const after = await refreshPayin(deps, row, { force: true });
      if (after.status === 'success' || after.settledAt) settled += 1;
    } catch (err) {
      deps.log?.warn({ err, payinId: row.id }, 'pay-in reconciliation failed');
    }
  }
  return { checked: rows.length, settled };
}

export type { SettleResult };
