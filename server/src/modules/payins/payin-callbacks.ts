import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { CallbackInput, CollectionClientName, CollectionResult } from '../../platform/payments/collection.types.ts';
import { PayoutOutcomeUnknown } from '../../platform/payments/payments.types.ts';
import { paymentProviderEvents } from '../treasury/treasury.tables.ts';
import type { PaymentProvider } from '../withdrawals/withdrawals.tables.ts';
import { settlePayin } from './payin-settlement.ts';
import type { PayinsDeps } from './payins.deps.ts';
import { callbackTokenValid } from './payins.service.ts';
import { payins } from './payins.tables.ts';

/**
 * A provider's callback about a pay-in (POST /api/webhooks/payins/{wave,mtn-momo,cinetpay}):
 * 1. authenticated: the provider's signature as its API documents it (Wave-Signature, CinetPay's
 *    x-token), and for the callback URLs we hand out per pay-in (MTN, CinetPay) the token they
 *    carry; anything else is refused (401) before it is read;
 * 2. deduplicated: an event already handled (payment_provider_events, by provider and event id)
 *    changes nothing, and settling a pay-in already paid changes nothing either;
 * 3. believed only as far as the provider vouches for it: Wave's signed event says the outcome;
 *    MTN (no signature) and CinetPay (no status in the notification) make us read the status from
 *    their API, as they document.
 */

export type CallbackOutcome = 'settled' | 'duplicate' | 'ignored' | 'pending';

export async function handlePayinCallback(deps: PayinsDeps, name: CollectionClientName, input: CallbackInput): Promise<CallbackOutcome> {
  const collector = deps.payments.collector(name);
  if (!collector) throw new AppError('PAYIN_SIGNATURE_INVALID');
  const perPayinUrl = name !== 'wave';
  if (perPayinUrl && !callbackTokenValid(deps.callbackSecret, name, input.query.payin, input.query.t)) throw new AppError('PAYIN_SIGNATURE_INVALID');
  if (!collector.verifyCallback(input)) throw new AppError('PAYIN_SIGNATURE_INVALID');

  const parsed = collector.parseCallback(input);
  if (!parsed) return 'ignored';
  // The URL's token names the pay-in; a body naming another one is not believed.
  const reference = perPayinUrl ? input.query.payin! : parsed.reference;
  if (perPayinUrl && parsed.reference && parsed.reference !== reference) throw new AppError('PAYIN_SIGNATURE_INVALID');

  const { db } = deps;
  const [row] = reference
    ? await db.select().from(payins).where(and(eq(payins.id, reference), eq(payins.provider, name)))
    : parsed.providerRef
      ? await db.select().from(payins).where(and(eq(payins.provider, name), eq(payins.providerRef, parsed.providerRef)))
      : [];
  if (!row) {
    deps.log?.warn({ provider: name, reference, providerRef: parsed.providerRef }, 'pay-in callback about no pay-in of ours: ignored');
    return 'ignored';
  }
  const event = { provider: name, eventId: parsed.eventId };
  const [seen] = await db
    .select({ eventId: paymentProviderEvents.eventId })
    .from(paymentProviderEvents)
    .where(and(eq(paymentProviderEvents.provider, name as PaymentProvider), eq(paymentProviderEvents.eventId, parsed.eventId.slice(0, 500))));
  if (seen) return 'duplicate';

  let outcome: CollectionResult | null = parsed.status ? { status: parsed.status, providerRef: parsed.providerRef, detail: parsed.detail } : null;
  if (!outcome) {
    try {
      outcome = await collector.paymentStatus({ reference: row.id, providerRef: row.providerRef ?? parsed.providerRef });
    } catch (err) {
      if (!(err instanceof PayoutOutcomeUnknown)) throw err;
      // The provider can't be asked now: the minute job will.
      deps.log?.warn({ err, payinId: row.id }, 'pay-in status unknown after callback: left to reconciliation');
      return 'pending';
    }
    if (!outcome) return 'ignored';
  }
  const result = await settlePayin(deps, row.id, outcome, event);
  if (result.duplicate) return 'duplicate';
  return outcome.status === 'pending' ? 'pending' : 'settled';
}
