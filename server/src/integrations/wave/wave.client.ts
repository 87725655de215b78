/**
 * Client for Wave's Payout API (https://api.wave.com, bearer API key): POST /v1/payout with an
 * Idempotency-Key, GET /v1/payout/:id, and GET /v1/payouts/search?client_reference= to find a
 * payout whose answer we never received. Written against Wave's documented API
 * (shared/reference/integrations.md) and tested against wave.simulator.ts.
 *
 * Our transaction id is both the Idempotency-Key and the client_reference, so a retry is the same
 * payout at Wave, and the reconciliation can find it by our id alone.
 */
import { send, unknownOutcome, type HttpOptions } from '../../platform/payments/http.ts';
import type { PayoutProvider, PayoutResult } from '../../platform/payments/payments.types.ts';

export interface WaveClientOptions {
  /** Default https://api.wave.com; the simulator's URL in tests and the demo. */
  baseUrl?: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface WavePayoutBody {
  id?: unknown;
  /** Wave names it `status`; some write-ups say `payout_status`: both are read. */
  status?: unknown;
  payout_status?: unknown;
  payout_error?: { error_code?: unknown; error_message?: unknown };
}

/** processing -> pending; succeeded -> success; failed or reversed (the money came back) -> failed. */
function toResult(body: WavePayoutBody): PayoutResult | null {
  const status = body.status ?? body.payout_status;
  const providerRef = typeof body.id === 'string' ? body.id : null;
  if (status === 'succeeded') return { status: 'success', providerRef };
  if (status === 'processing') return { status: 'pending', providerRef };
  if (status === 'failed' || status === 'reversed') {
    const detail = body.payout_error ? `${String(body.payout_error.error_code)}: ${String(body.payout_error.error_message)}` : String(status);
    return { status: 'failed', providerRef, detail };
  }
  return null;
}

export function createWaveClient(options: WaveClientOptions): PayoutProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.wave.com').replace(/\/+$/, '');
  const http: HttpOptions = { timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch ?? fetch, secrets: [options.apiKey], provider: 'Wave' };
  const headers = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };

  const read = async (what: string, url: string): Promise<WavePayoutBody | null> => {
    const res = await send(http, what, url, { headers });
    if (res.status === 404) return null;
    if (res.status !== 200 || !res.json) throw unknownOutcome(http, what, res.status, res.text);
    return res.json as WavePayoutBody;
  };

  return {
    name: 'wave',
    async payout(req) {
      const body = {
        currency: req.currency,
        receive_amount: req.amount,
        mobile: `+${req.msisdn}`,
        client_reference: req.reference,
        ...(req.recipientName ? { name: req.recipientName } : {}),
        ...(req.reason ? { payment_reason: req.reason.slice(0, 40) } : {}),
      };
      const res = await send(http, 'payout', `${baseUrl}/v1/payout`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': req.reference },
        body: JSON.stringify(body),
      });
      if (res.status === 200) {
        const result = toResult((res.json ?? {}) as WavePayoutBody);
        if (result) return result;
        throw unknownOutcome(http, 'payout answered an unknown status', res.status, res.text);
      }
      // A 4xx (validation, auth, balance) is a refusal: nothing was sent. 409 is an idempotency
      // clash (a payout under our reference exists): its state is read, not guessed.
      if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429) {
        const err = (res.json ?? {}) as { code?: unknown; message?: unknown };
        return { status: 'failed', providerRef: null, detail: `HTTP ${res.status} ${String(err.code ?? '')} ${String(err.message ?? '')}`.trim() };
      }
      throw unknownOutcome(http, 'payout', res.status, res.text);
    },
    async payoutStatus({ reference, providerRef }) {
      if (providerRef) {
        const body = await read('payout status', `${baseUrl}/v1/payout/${encodeURIComponent(providerRef)}`);
        if (body) return toResult(body);
      }
      const found = await read('payout search', `${baseUrl}/v1/payouts/search?client_reference=${encodeURIComponent(reference)}`);
      const list = Array.isArray((found as { result?: unknown } | null)?.result) ? ((found as { result: WavePayoutBody[] }).result) : [];
      return list.length ? toResult(list[0]) : null;
    },
  };
}
