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
import { createHash } from 'node:crypto';
import { ProviderAuthRefused, send, unknownOutcome, type HttpOptions } from '../../platform/payments/http.ts';
import { PayoutOutcomeUnknown, type PayoutProvider, type PayoutResult } from '../../platform/payments/payments.types.ts';

export interface MtnMomoClientOptions {
  /** Default https://proxy.momoapi.mtn.com; the simulator's URL in tests and the demo. */
  baseUrl?: string;
  apiUser: string;
  apiKey: string;
  /** The Disbursement product's Ocp-Apim-Subscription-Key. */
  subscriptionKey: string;
  /** sandbox, mtncameroon, mtnivorycoast ... */
  targetEnvironment: string;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

/** The MTN reference id of a transaction: deterministic, UUID v4-shaped. */
export function mtnReferenceId(reference: string): string {
  const h = createHash('sha256').update(`flotte-mtn:${reference}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function toResult(body: { status?: unknown; financialTransactionId?: unknown; reason?: unknown }, referenceId: string): PayoutResult | null {
  if (body.status === 'SUCCESSFUL') return { status: 'success', providerRef: referenceId };
  if (body.status === 'PENDING') return { status: 'pending', providerRef: referenceId };
  if (body.status === 'FAILED') return { status: 'failed', providerRef: referenceId, detail: typeof body.reason === 'string' ? body.reason : JSON.stringify(body.reason ?? null) };
  return null;
}

export function createMtnMomoClient(options: MtnMomoClientOptions): PayoutProvider {
  const baseUrl = (options.baseUrl ?? 'https://proxy.momoapi.mtn.com').replace(/\/+$/, '');
  const basic = Buffer.from(`${options.apiUser}:${options.apiKey}`).toString('base64');
  const http: HttpOptions = { timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch ?? fetch, secrets: [options.apiKey, options.subscriptionKey, basic], provider: 'MTN MoMo' };
  const now = options.now ?? Date.now;
  let cached: { value: string; refreshAt: number } | undefined;
  let pending: Promise<{ value: string; refreshAt: number }> | undefined;

  async function fetchToken() {
    const res = await send(http, 'token request', `${baseUrl}/disbursement/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': options.subscriptionKey },
    });
    const body = res.json as { access_token?: unknown; expires_in?: unknown } | undefined;
    const expires = Number(body?.expires_in);
    if (res.status === 401 || res.status === 403) throw new ProviderAuthRefused(`MTN MoMo token refused: HTTP ${res.status}`);
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
      // The token may have been revoked early: renew once, retry once (the reference id keeps a retried POST one transfer).
      if (cached?.value === t) cached = undefined;
      t = await token();
      res = await send({ ...http, secrets: [...http.secrets, t] }, what, `${baseUrl}${path}`, { ...init, headers: headersFor(t) });
    }
    return res;
  }

  async function status(referenceId: string): Promise<PayoutResult | null> {
    const res = await call('transfer status', `/disbursement/v1_0/transfer/${referenceId}`, {});
    if (res.status === 404) return null;
    const result = res.status === 200 && res.json ? toResult(res.json as object, referenceId) : null;
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
