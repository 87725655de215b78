/**
 * Client for Wave's Checkout API (https://api.wave.com, bearer API key), through which a driver
 * pays the park from his Wave wallet: POST /v1/checkout/sessions gives a session whose
 * wave_launch_url the payer opens; GET /v1/checkout/sessions/:id (and /search?client_reference=)
 * tells where it stands; POST /v1/checkout/sessions/:id/expire closes it. Wave posts webhooks
 * (checkout.session.completed, checkout.session.payment_failed) signed with
 * `Wave-Signature: t=<ts>,v1=<hex>`, v1 = HMAC-SHA256(webhook secret, t + raw body), and may
 * deliver one twice. Written against shared/reference/integrations.md, tested against
 * wave.checkout.simulator.ts.
 *
 * Our pay-in id is both the Idempotency-Key and the client_reference, so a retried request is the
 * same session and a status check finds it by our id alone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerOf, type CallbackInput, type CollectionProvider, type CollectionResult, type ParsedCallback } from '../../platform/payments/collection.types.ts';
import { send, unknownOutcome, type HttpOptions } from '../../platform/payments/http.ts';

export interface WaveCheckoutOptions {
  baseUrl?: string;
  apiKey: string;
  /** The webhook secret Wave shows when the webhook is set up in the business portal. */
  webhookSecret: string;
  /** A signature older than this is refused as a replay (default 5 minutes). */
  signatureToleranceSeconds?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface WaveCheckoutSession {
  id?: unknown;
  client_reference?: unknown;
  checkout_status?: unknown;
  payment_status?: unknown;
  wave_launch_url?: unknown;
  transaction_id?: unknown;
  last_payment_error?: { code?: unknown; message?: unknown } | null;
}

/** payment_status succeeded -> success; an expired session or a cancelled payment -> failed; else pending. */
export function waveSessionResult(s: WaveCheckoutSession): CollectionResult | null {
  const providerRef = typeof s.id === 'string' ? s.id : null;
  if (s.payment_status === 'succeeded') return { status: 'success', providerRef };
  if (s.checkout_status === 'expired' || s.payment_status === 'cancelled') {
    const e = s.last_payment_error;
    return { status: 'failed', providerRef, detail: e ? `${String(e.code)}: ${String(e.message)}` : `${String(s.checkout_status)}/${String(s.payment_status)}` };
  }
  if (s.checkout_status === 'open' || s.payment_status === 'processing') return { status: 'pending', providerRef };
  return null;
}

/** Wave-Signature: t=<ts>,v1=<hex>[,v1=<hex>] (several v1 while a secret is being rotated). */
export function waveSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}${rawBody}`).digest('hex');
}

export function verifyWaveSignature(header: string | undefined, rawBody: string, secret: string, nowSeconds: number, toleranceSeconds: number): boolean {
  if (!header || !secret) return false;
  let t: string | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const [k, ...rest] = part.trim().split('=');
    const v = rest.join('=');
    if (k === 't') t = v;
    else if (k === 'v1') v1.push(v);
  }
  if (!t || !/^\d{1,12}$/.test(t) || !v1.length) return false;
  if (Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(waveSignature(secret, Number(t), rawBody), 'hex');
  return v1.some((sig) => {
    if (!/^[0-9a-f]+$/i.test(sig)) return false;
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export function createWaveCheckoutClient(options: WaveCheckoutOptions): CollectionProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.wave.com').replace(/\/+$/, '');
  const http: HttpOptions = { timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch ?? fetch, secrets: [options.apiKey, options.webhookSecret], provider: 'Wave' };
  const headers = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
  const now = options.now ?? Date.now;
  const tolerance = options.signatureToleranceSeconds ?? 300;

  const read = async (what: string, url: string): Promise<unknown> => {
    const res = await send(http, what, url, { headers });
    if (res.status === 404) return null;
    if (res.status !== 200 || !res.json) throw unknownOutcome(http, what, res.status, res.text);
    return res.json;
  };

  async function find(reference: string): Promise<WaveCheckoutSession | null> {
    const found = (await read('checkout search', `${baseUrl}/v1/checkout/sessions/search?client_reference=${encodeURIComponent(reference)}`)) as { result?: unknown } | null;
    const list = Array.isArray(found?.result) ? (found.result as WaveCheckoutSession[]) : [];
    return list[0] ?? null;
  }

  return {
    name: 'wave',
    async requestPayment(req) {
      const body = {
        amount: req.amount,
        currency: req.currency,
        client_reference: req.reference,
        success_url: req.returnUrl,
        error_url: req.returnUrl,
        restrict_payer_mobile: `+${req.msisdn}`,
      };
      const res = await send(http, 'checkout session', `${baseUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': req.reference },
        body: JSON.stringify(body),
      });
      if (res.status === 200 || res.status === 201) {
        const s = (res.json ?? {}) as WaveCheckoutSession;
        if (typeof s.id !== 'string' || typeof s.wave_launch_url !== 'string') throw unknownOutcome(http, 'checkout session without id or wave_launch_url', res.status, res.text);
        return { status: 'pending', providerRef: s.id, launchUrl: s.wave_launch_url };
      }
      // 409: a session under our key exists already (a retry): use it rather than guess.
      if (res.status === 409) {
        const s = await find(req.reference);
        if (s && typeof s.id === 'string') return { status: 'pending', providerRef: s.id, launchUrl: typeof s.wave_launch_url === 'string' ? s.wave_launch_url : null };
      }
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        const err = (res.json ?? {}) as { code?: unknown; message?: unknown };
        return { status: 'failed', providerRef: null, launchUrl: null, detail: `HTTP ${res.status} ${String(err.code ?? '')} ${String(err.message ?? '')}`.trim() };
      }
      throw unknownOutcome(http, 'checkout session', res.status, res.text);
    },
    async paymentStatus({ reference, providerRef }) {
      const s = providerRef
        ? ((await read('checkout session status', `${baseUrl}/v1/checkout/sessions/${encodeURIComponent(providerRef)}`)) as WaveCheckoutSession | null) ?? (await find(reference))
        : await find(reference);
      if (!s) return null;
      const result = waveSessionResult(s);
      if (!result) throw unknownOutcome(http, 'checkout session answered an unknown status', 200, JSON.stringify(s));
      return result;
    },
    verifyCallback(input: CallbackInput) {
      return verifyWaveSignature(headerOf(input, 'wave-signature'), input.rawBody, options.webhookSecret, Math.floor(now() / 1000), tolerance);
    },
    parseCallback(input): ParsedCallback | null {
      let event: { id?: unknown; type?: unknown; data?: WaveCheckoutSession };
      try {
        event = JSON.parse(input.rawBody) as typeof event;
      } catch {
        return null;
      }
      const data = event.data;
      if (typeof event.id !== 'string' || !data || typeof event.type !== 'string' || !event.type.startsWith('checkout.session.')) return null;
      const status = event.type === 'checkout.session.completed' && data.payment_status === 'succeeded' ? 'success' : event.type === 'checkout.session.payment_failed' ? 'failed' : null;
      return {
        eventId: event.id,
        reference: typeof data.client_reference === 'string' ? data.client_reference : null,
        providerRef: typeof data.id === 'string' ? data.id : null,
        status,
        detail: event.type,
      };
    },
    async cancelPayment({ reference, providerRef }) {
      const id = providerRef ?? ((await find(reference))?.id as string | undefined);
      if (!id) return;
      await send(http, 'checkout expire', `${baseUrl}/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, { method: 'POST', headers });
    },
  };
}
