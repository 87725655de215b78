/**
 * Client for CinetPay's Transfer API (https://client.cinetpay.com/v1), through which Flotte pays
 * out to Orange Money and Moov Money wallets: a token from /auth/login (apikey + the transfer API
 * password, valid 5 minutes), the recipient added to the contacts (/transfer/contact; an existing
 * contact answers code 726, which is fine), then /transfer/money/send/contact with our transaction
 * id as client_transaction_id, and /transfer/check/money to follow it. treatment_status NEW, REC
 * and NOS are pending, VAL is paid, REJ is refused. CinetPay picks the operator from the number, so
 * Orange and Moov share this client. Amounts are multiples of 5. Written against the documented
 * API (shared/reference/integrations.md), tested against cinetpay.simulator.ts.
 *
 * CinetPay accepts a client_transaction_id once, and a refused send is checked against
 * /transfer/check/money before being called failed, so a retry never pays twice nor hides a
 * transfer that exists.
 */
import { PayoutOutcomeUnknown, type PayoutProvider, type PayoutResult } from '../../platform/payments/payments.types.ts';
import { ProviderAuthRefused, send, unknownOutcome, type HttpOptions } from '../../platform/payments/http.ts';

export interface CinetPayClientOptions {
  /** Default https://client.cinetpay.com; the simulator's URL in tests and the demo. */
  baseUrl?: string;
  apiKey: string;
  /** The transfer API password set in the CinetPay back-office. */
  password: string;
  /** Where CinetPay posts transfer notifications (optional: Flotte polls the status). */
  notifyUrl?: string;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

interface CinetPayAnswer {
  code?: unknown;
  message?: unknown;
  description?: unknown;
  data?: unknown;
}

const TOKEN_LIFETIME_MS = 4 * 60_000; // CinetPay's is 5 minutes: renew a minute early
const isOk = (a: CinetPayAnswer) => Number(a.code) === 0;

function toResult(item: Record<string, unknown> | undefined): PayoutResult | null {
  if (!item) return null;
  const providerRef = typeof item.transaction_id === 'string' ? item.transaction_id : null;
  switch (String(item.treatment_status ?? '').toUpperCase()) {
    case 'VAL':
      return { status: 'success', providerRef };
    case 'REJ':
      return { status: 'failed', providerRef, detail: String(item.comment ?? 'REJ') };
    case 'NEW':
    case 'REC':
    case 'NOS':
      return { status: 'pending', providerRef };
    default:
      return null;
  }
}

/** data is an array, or an array of arrays (one per lot) as the send and contact answers give it. */
function firstItem(data: unknown): Record<string, unknown> | undefined {
  let v = data;
  while (Array.isArray(v)) v = v[0];
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}

export function createCinetPayClient(options: CinetPayClientOptions): PayoutProvider {
  const baseUrl = (options.baseUrl ?? 'https://client.cinetpay.com').replace(/\/+$/, '');
  const http: HttpOptions = { timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch ?? fetch, secrets: [options.apiKey, options.password], provider: 'CinetPay' };
  const now = options.now ?? Date.now;
  let cached: { value: string; refreshAt: number } | undefined;
  let pending: Promise<{ value: string; refreshAt: number }> | undefined;

  async function login() {
    const res = await send(http, 'login', `${baseUrl}/v1/auth/login?lang=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ apikey: options.apiKey, password: options.password }).toString(),
    });
    const a = (res.json ?? {}) as CinetPayAnswer;
    const token = (a.data as { token?: unknown } | undefined)?.token;
    if (res.status === 200 && isOk(a) && typeof token === 'string') return { value: token, refreshAt: now() + TOKEN_LIFETIME_MS };
    if (res.status === 200 || res.status === 401 || res.status === 403) throw new ProviderAuthRefused(`CinetPay login refused: ${String(a.message ?? res.status)}`);
    throw unknownOutcome(http, 'login', res.status, res.text);
  }

  async function token(): Promise<string> {
    if (cached && now() < cached.refreshAt) return cached.value;
    pending ??= login().finally(() => (pending = undefined));
    cached = await pending;
    return cached.value;
  }

  /** One call with the token in the query; an INVALID_TOKEN answer renews it and retries once. */
  async function call(what: string, path: string, query: Record<string, string>, form?: Record<string, string>): Promise<CinetPayAnswer> {
    for (let attempt = 0; ; attempt++) {
      const t = await token();
      const qs = new URLSearchParams({ token: t, lang: 'fr', ...query }).toString();
      const res = await send({ ...http, secrets: [...http.secrets, t] }, what, `${baseUrl}${path}?${qs}`, {
        method: form ? 'POST' : 'GET',
        headers: { accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      if (res.status !== 200 || !res.json) throw unknownOutcome(http, what, res.status, res.text);
      const a = res.json as CinetPayAnswer;
      if (Number(a.code) === 706 && attempt === 0) {
        if (cached?.value === t) cached = undefined;
        continue;
      }
      return a;
    }
  }

  async function check(reference: string): Promise<PayoutResult | null> {
    const a = await call('transfer check', '/v1/transfer/check/money', { client_transaction_id: reference });
    if (!isOk(a)) {
      if (/NOT_FOUND|NOT_EXIST/i.test(String(a.message ?? ''))) return null;
      throw new PayoutOutcomeUnknown(`CinetPay transfer check: ${String(a.code)} ${String(a.message)}`);
    }
    const item = firstItem(a.data);
    if (!item) return null;
    const result = toResult(item);
    if (!result) throw new PayoutOutcomeUnknown(`CinetPay transfer check: unknown treatment_status ${String(item.treatment_status)}`);
    return result;
  }

  return {
    name: 'cinetpay',
    amountMultipleOf: 5,
    async payout(req) {
      const phone = req.msisdn.startsWith(req.callingCode) ? req.msisdn.slice(req.callingCode.length) : req.msisdn;
      let contact: CinetPayAnswer;
      try {
        contact = await call('add contact', '/v1/transfer/contact', {}, {
          data: JSON.stringify([{ prefix: req.callingCode, phone, name: req.recipientName ?? 'Flotte', surname: 'Retrait', email: `${req.msisdn}@retrait.flotte.app` }]),
        });
      } catch (err) {
        if (err instanceof ProviderAuthRefused) return { status: 'failed', providerRef: null, detail: err.message };
        throw err;
      }
      if (!isOk(contact)) return { status: 'failed', providerRef: null, detail: `add contact: ${String(contact.code)} ${String(contact.message)}` };
      const a = await call('send', '/v1/transfer/money/send/contact', {}, {
        data: JSON.stringify([
          { prefix: req.callingCode, phone, amount: Number(req.amount), client_transaction_id: req.reference, ...(options.notifyUrl ? { notify_url: options.notifyUrl } : {}) },
        ]),
      });
      if (isOk(a)) {
        const result = toResult(firstItem(a.data));
        if (result) return result;
        return { status: 'pending', providerRef: null };
      }
      // Refused: unless a transfer under our reference exists (a retry of one CinetPay took), nothing was sent.
      const existing = await check(req.reference);
      return existing ?? { status: 'failed', providerRef: null, detail: `${String(a.code)} ${String(a.message)} ${String(a.description ?? '')}`.trim() };
    },
    async payoutStatus({ reference }) {
      try {
        return await check(reference);
      } catch (err) {
        if (err instanceof ProviderAuthRefused) throw new PayoutOutcomeUnknown(err.message);
        throw err;
      }
    },
  };
}
