/**
 * Client for MTN MoMo's Collection API (USSD push): an access token from POST /collection/token/
 * (Basic apiUser:apiKey plus the Collection product's subscription key), POST
 * /collection/v1_0/requesttopay answering 202 with no body (the payer gets a USSD prompt, or
 * approves from the MoMo menu, *126# in Cameroon), GET /collection/v1_0/requesttopay/{referenceId}
 * answering PENDING, SUCCESSFUL or FAILED (200 even when failed). Written against
 * shared/reference/integrations.md, tested against mtn-momo.collection.simulator.ts.
 *
 * The X-Reference-Id is derived from our pay-in id (mtnReferenceId: MTN wants a UUID v4, ours are
 * v7), so a retry names the same request and MTN refuses a second one (409). Our id travels as
 * externalId. MTN's callback (to X-Callback-Url) carries no signature: it is authenticated by the
 * token our URL carries, and only makes us read the status from the API.
 */
import { PayoutOutcomeUnknown } from '../../platform/payments/payments.types.ts';
import { ProviderAuthRefused, unknownOutcome } from '../../platform/payments/http.ts';
import type { CollectionProvider, CollectionResult, ParsedCallback } from '../../platform/payments/collection.types.ts';
import { createMtnMomoSession, mtnOutcome, mtnReferenceId, type MtnMomoOptions } from './mtn-momo.session.ts';

/** subscriptionKey: the Collection product's Ocp-Apim-Subscription-Key. */
export type MtnCollectionOptions = MtnMomoOptions;

export function createMtnCollectionClient(options: MtnCollectionOptions): CollectionProvider {
  // The token renewal and the one retry after a 401 are in the session (mtn-momo.session.ts).
  const { http, token, call } = createMtnMomoSession('collection', options);

  async function status(referenceId: string): Promise<CollectionResult | null> {
    const res = await call('request-to-pay status', `/collection/v1_0/requesttopay/${referenceId}`, {});
    if (res.status === 404) return null;
    const result = res.status === 200 && res.json ? mtnOutcome(res.json as object, referenceId) : null;
    if (!result) throw unknownOutcome(http, 'request-to-pay status', res.status, res.text);
    return result;
  }

  return {
    name: 'mtn',
    async requestPayment(req) {
      const referenceId = mtnReferenceId(req.reference);
      try {
        await token();
      } catch (err) {
        if (err instanceof ProviderAuthRefused) return { status: 'failed', providerRef: null, launchUrl: null, detail: err.message };
        throw err;
      }
      const note = req.description.slice(0, 160);
      const res = await call('request-to-pay', '/collection/v1_0/requesttopay', {
        method: 'POST',
        headers: { 'x-reference-id': referenceId, 'x-callback-url': req.callbackUrl, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: req.amount,
          currency: req.currency,
          externalId: req.reference,
          payer: { partyIdType: 'MSISDN', partyId: req.msisdn },
          payerMessage: note,
          payeeNote: note,
        }),
      });
      if (res.status === 202) return { status: 'pending', providerRef: referenceId, launchUrl: null };
      if (res.status === 409) {
        const existing = await status(referenceId);
        return { status: existing?.status === 'failed' ? 'failed' : 'pending', providerRef: referenceId, launchUrl: null, detail: existing?.detail };
      }
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        return { status: 'failed', providerRef: null, launchUrl: null, detail: `HTTP ${res.status} ${res.text.slice(0, 200)}` };
      }
      throw unknownOutcome(http, 'request-to-pay', res.status, res.text);
    },
    async paymentStatus({ reference, providerRef }) {
      try {
        return await status(providerRef ?? mtnReferenceId(reference));
      } catch (err) {
        if (err instanceof ProviderAuthRefused) throw new PayoutOutcomeUnknown(err.message);
        throw err;
      }
    },
    // MTN documents no signature on its callbacks (see the file comment).
    verifyCallback: () => true,
    parseCallback(input): ParsedCallback | null {
      let body: { externalId?: unknown; status?: unknown; financialTransactionId?: unknown; referenceId?: unknown };
      try {
        body = JSON.parse(input.rawBody || '{}') as typeof body;
      } catch {
        return null;
      }
      const reference = input.query.payin ?? (typeof body.externalId === 'string' ? body.externalId : null);
      if (!reference) return null;
      const referenceId = mtnReferenceId(reference);
      return {
        eventId: `${referenceId}:${String(body.status ?? '')}:${String(body.financialTransactionId ?? '')}`,
        reference,
        providerRef: referenceId,
        status: null,
        detail: typeof body.status === 'string' ? body.status : undefined,
      };
    },
  };
}
