/**
 * Client for MTN MoMo's Disbursement API (the Collection API's twin with a payee instead of a
 * payer): an access token from POST /disbursement/token/ (Basic apiUser:apiKey plus the
 * subscription key), POST /disbursement/v1_0/transfer answering 202, and
 * GET /disbursement/v1_0/transfer/{referenceId} answering PENDING, SUCCESSFUL or FAILED. Written
 * against the documented API (shared/reference/integrations.md), tested against
 * mtn-momo.simulator.ts.
 *
 * MTN wants a UUID version 4 as X-Reference-Id; ours are version 7. The reference id is derived
 * from our transaction id (a hash shaped as a v4 UUID), so every retry and every status check of
 * one withdrawal names the same transfer, and a second POST is refused by MTN (409) instead of
 * paying twice. Our id travels as externalId.
 */
import { ProviderAuthRefused, unknownOutcome } from '../../platform/payments/http.ts';
import { PayoutOutcomeUnknown, type PayoutProvider, type PayoutResult } from '../../platform/payments/payments.types.ts';
import { createMtnMomoSession, mtnOutcome, mtnReferenceId, type MtnMomoOptions } from './mtn-momo.session.ts';

export { mtnReferenceId };

/** subscriptionKey: the Disbursement product's Ocp-Apim-Subscription-Key. */
export type MtnMomoClientOptions = MtnMomoOptions;

export function createMtnMomoClient(options: MtnMomoClientOptions): PayoutProvider {
  // The token renewal and the one retry after a 401 are in the session (mtn-momo.session.ts).
  const { http, token, call } = createMtnMomoSession('disbursement', options);

  async function status(referenceId: string): Promise<PayoutResult | null> {
    const res = await call('transfer status', `/disbursement/v1_0/transfer/${referenceId}`, {});
    if (res.status === 404) return null;
    const result = res.status === 200 && res.json ? mtnOutcome(res.json as object, referenceId) : null;
    if (!result) throw unknownOutcome(http, 'transfer status', res.status, res.text);
    return result;
  }

  return {
    name: 'mtn',
    async payout(req) {
      const referenceId = mtnReferenceId(req.reference);
      try {
        await token();
      } catch (err) {
        if (err instanceof ProviderAuthRefused) return { status: 'failed', providerRef: null, detail: err.message };
        throw err;
      }
      const res = await call('transfer', '/disbursement/v1_0/transfer', {
        method: 'POST',
        headers: { 'x-reference-id': referenceId, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: req.amount,
          currency: req.currency,
          externalId: req.reference,
          payee: { partyIdType: 'MSISDN', partyId: req.msisdn },
          payerMessage: (req.reason ?? 'Retrait Flotte').slice(0, 160),
          payeeNote: (req.reason ?? 'Retrait Flotte').slice(0, 160),
        }),
      });
      if (res.status === 202) return { status: 'pending', providerRef: referenceId };
      // Already created under this reference (a retry): where it stands is read, not guessed.
      if (res.status === 409) return (await status(referenceId)) ?? { status: 'pending', providerRef: referenceId };
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        return { status: 'failed', providerRef: null, detail: `HTTP ${res.status} ${res.text.slice(0, 200)}` };
      }
      throw unknownOutcome(http, 'transfer', res.status, res.text);
    },
    async payoutStatus({ reference, providerRef }) {
      try {
        return await status(providerRef ?? mtnReferenceId(reference));
      } catch (err) {
        if (err instanceof ProviderAuthRefused) throw new PayoutOutcomeUnknown(err.message);
        throw err;
      }
    },
  };
}
