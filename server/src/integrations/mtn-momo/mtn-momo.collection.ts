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
import { ProviderAuthRefused, send, unknownOutcome, type HttpOptions } from '../../platform/payments/http.ts';
import type { CollectionProvider, CollectionResult, ParsedCallback } from '../../platform/payments/collection.types.ts';
import { mtnReferenceId } from './mtn-momo.client.ts';

export interface MtnCollectionOptions {
  baseUrl?: string;
  apiUser: string;
  apiKey: string;
  /** The Collection product's Ocp-Apim-Subscription-Key. */
  subscriptionKey: string;
  targetEnvironment: string;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

function toResult(body: { status?: unknown; reason?: unknown }, referenceId: string): CollectionResult | null {
  if (body.status === 'SUCCESSFUL') return { status: 'success', providerRef: referenceId };
  if (body.status === 'PENDING') return { status: 'pending', providerRef: referenceId };
  if (body.status === 'FAILED') {
    const reason = typeof body.reason === 'string' ? body.reason : JSON.stringify(body.reason ?? null);
    return { status: 'failed', providerRef: referenceId, detail: reason };
  }
  return null;
}

export function createMtnCollectionClient(options: MtnCollectionOptions): CollectionProvider {
  const baseUrl = (options.baseUrl ?? 'https://proxy.momoapi.mtn.com').replace(/\/+$/, '');
  const basic = Buffer.from(`${options.apiUser}:${options.apiKey}`).toString('base64');
  const http: HttpOptions = { timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch ?? fetch, secrets: [options.apiKey, options.subscriptionKey, basic], provider: 'MTN MoMo' };
  const now = options.now ?? Date.now;
  let cached: { value: string; refreshAt: number } | undefined;
  let pending: Promise<{ value: string; refreshAt: number }> | undefined;

  async function fetchToken() {
    const res = await send(http, 'token request', `${baseUrl}/collection/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': options.subscriptionKey },
    });
    const body = res.json as { access_token?: unknown; expires_in?: unknown } | undefined;
    const expires = Number(body?.expires_in);
    if (res.status === 401 || res.status === 403) throw new ProviderAuthRefused(`MTN MoMo collection token refused: HTTP ${res.status}`);
    if (res.status !== 200 || typeof body?.access_token !== 'string' || !Number.isFinite(expires)) throw unknownOutcome(http, 'token request', res.status, res.text);
    return { value: body.access_token, refreshAt: now() + expires * 1000 - Math.min(60_000, (expires * 1000) / 2) };
  }

  async function token(): Promise<string> {
    if (cached && now() < cached.refreshAt) return cached.value;
    pending ??= fetchToken().finally(() => (pending = undefined));
    cached = await pending;
    return cached.value;
  }

  async function call(what: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
    const headersFor = (t: string) => ({
      authorization: `Bearer ${t}`,
      'x-target-environment': options.targetEnvironment,
      'ocp-apim-subscription-key': options.subscriptionKey,
      ...init.headers,
    });
    let t = await token();
    let res = await send({ ...http, secrets: [...http.secrets, t] }, what, `${baseUrl}${path}`, { ...init, headers: headersFor(t) });
    if (res.status === 401) {
      if (cached?.value === t) cached = undefined;
      t = await token();
      res = await send({ ...http, secrets: [...http.secrets, t] }, what, `${baseUrl}${path}`, { ...init, headers: headersFor(t) });
    }
    return res;
  }

  async function status(referenceId: string): Promise<CollectionResult | null> {
    const res = await call('request-to-pay status', `/collection/v1_0/requesttopay/${referenceId}`, {});
    if (res.status === 404) return null;
    const result = res.status === 200 && res.json ? toResult(res.json as object, referenceId) : null;
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
