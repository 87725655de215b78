/**
 * What MTN MoMo's Collection and Disbursement clients share: the product's access token (POST
 * /{product}/token/ with Basic apiUser:apiKey and the product's subscription key, cached until
 * shortly before it expires, one fetch at a time) and the authenticated call (Bearer token, target
 * environment, subscription key) with one renewal and one retry on 401.
 *
 * MTN wants a UUID version 4 as X-Reference-Id; ours are version 7. The reference id is derived
 * from our transaction id (a hash shaped as a v4 UUID), so every retry and every status check of
 * one pay-in or withdrawal names the same request, and a second POST is refused by MTN (409)
 * instead of paying twice. Our id travels as externalId.
 */
import { createHash } from 'node:crypto';
import { ProviderAuthRefused, send, unknownOutcome, type HttpOptions } from '../../platform/payments/http.ts';

export type MtnProduct = 'collection' | 'disbursement';

export interface MtnMomoOptions {
  /** Default https://proxy.momoapi.mtn.com; the simulator's URL in tests and the demo. */
  baseUrl?: string;
  apiUser: string;
  apiKey: string;
  /** The product's Ocp-Apim-Subscription-Key (Collection and Disbursement each have their own). */
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

export interface MtnMomoSession {
  /** The HTTP options (timeout, fetch, secrets to redact) for errors built by the caller. */
  http: HttpOptions;
  /** A valid access token; throws ProviderAuthRefused when MTN refuses the credentials. */
  token(): Promise<string>;
  /** An authenticated request to `path` (below the base URL). */
  call(what: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): ReturnType<typeof send>;
}

export function createMtnMomoSession(product: MtnProduct, options: MtnMomoOptions): MtnMomoSession {
  const baseUrl = (options.baseUrl ?? 'https://proxy.momoapi.mtn.com').replace(/\/+$/, '');
  const basic = Buffer.from(`${options.apiUser}:${options.apiKey}`).toString('base64');
  const http: HttpOptions = { timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch ?? fetch, secrets: [options.apiKey, options.subscriptionKey, basic], provider: 'MTN MoMo' };
  const now = options.now ?? Date.now;
  const refusedLabel = product === 'collection' ? 'MTN MoMo collection token refused' : 'MTN MoMo token refused';
  let cached: { value: string; refreshAt: number } | undefined;
  let pending: Promise<{ value: string; refreshAt: number }> | undefined;

  async function fetchToken() {
    const res = await send(http, 'token request', `${baseUrl}/${product}/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': options.subscriptionKey },
    });
    const body = res.json as { access_token?: unknown; expires_in?: unknown } | undefined;
    const expires = Number(body?.expires_in);
    if (res.status === 401 || res.status === 403) throw new ProviderAuthRefused(`${refusedLabel}: HTTP ${res.status}`);
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
      // The token may have been revoked early: renew once, retry once (the reference id keeps a retried POST one request).
      if (cached?.value === t) cached = undefined;
      t = await token();
      res = await send({ ...http, secrets: [...http.secrets, t] }, what, `${baseUrl}${path}`, { ...init, headers: headersFor(t) });
    }
    return res;
  }

  return { http, token, call };
}

/** MTN's status body (200 even when failed) read as an outcome; null for a status it does not document. */
export function mtnOutcome(body: { status?: unknown; reason?: unknown }, referenceId: string): { status: 'success' | 'pending'; providerRef: string } | { status: 'failed'; providerRef: string; detail: string } | null {
  if (body.status === 'SUCCESSFUL') return { status: 'success', providerRef: referenceId };
  if (body.status === 'PENDING') return { status: 'pending', providerRef: referenceId };
  if (body.status === 'FAILED') return { status: 'failed', providerRef: referenceId, detail: typeof body.reason === 'string' ? body.reason : JSON.stringify(body.reason ?? null) };
  return null;
}
