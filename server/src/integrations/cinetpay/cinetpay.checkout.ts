/**
 * Client for CinetPay's payment API (https://api-checkout.cinetpay.com/v2), the aggregator through
 * which a driver pays from Orange Money or Moov Money: POST /v2/payment with our pay-in id as
 * transaction_id answers code "201" with data.payment_url (the page the payer opens) and
 * data.payment_token; POST /v2/payment/check tells where it stands (code "00" with data.status
 * ACCEPTED, REFUSED ...; 623/662/663 WAITING_CUSTOMER_* are not failures). CinetPay posts a form to
 * notify_url with the cpm_* fields and an `x-token` header: HMAC-SHA256(secret key, the fields
 * concatenated in the documented order). The notification carries no status: the documented way
 * is to ask /v2/payment/check, which is what the caller does. Amounts are multiples of 5. Written
 * against shared/reference/integrations.md, tested against cinetpay.checkout.simulator.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerOf, type CollectionProvider, type CollectionResult, type ParsedCallback } from '../../platform/payments/collection.types.ts';
import { send, unknownOutcome, type HttpOptions } from '../../platform/payments/http.ts';
import { PayoutOutcomeUnknown } from '../../platform/payments/payments.types.ts';

export interface CinetPayCheckoutOptions {
  /** Default https://api-checkout.cinetpay.com; the simulator's URL in tests and the demo. */
  baseUrl?: string;
  apiKey: string;
  siteId: string;
  /** The secret key (back-office, Intégrations) that signs notifications. */
  secretKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The notification fields, in the order their values are concatenated for x-token. */
export const CINETPAY_TOKEN_FIELDS = [
  'cpm_site_id',
  'cpm_trans_id',
  'cpm_trans_date',
  'cpm_amount',
  'cpm_currency',
  'signature',
  'payment_method',
  'cel_phone_num',
  'cpm_phone_prefixe',
  'cpm_language',
  'cpm_version',
  'cpm_payment_config',
  'cpm_page_action',
  'cpm_custom',
  'cpm_designation',
  'cpm_error_message',
] as const;

export function cinetPayToken(secretKey: string, form: URLSearchParams): string {
  const data = CINETPAY_TOKEN_FIELDS.map((f) => form.get(f) ?? '').join('');
  return createHmac('sha256', secretKey).update(data).digest('hex');
}

const WAITING_CODES = new Set(['623', '662', '663']);
const FAILED_CODES = new Set(['600', '602', '627']);

interface CheckAnswer {
  code?: unknown;
  message?: unknown;
  data?: { status?: unknown; payment_method?: unknown; operator_id?: unknown } | null;
}

function checkResult(a: CheckAnswer, providerRef: string | null): CollectionResult | null | undefined {
  const code = String(a.code ?? '');
  const status = String(a.data?.status ?? '').toUpperCase();
  if (code === '00' && status === 'ACCEPTED') return { status: 'success', providerRef };
  if (status === 'REFUSED' || status === 'CANCELED' || status === 'CANCELLED' || FAILED_CODES.has(code)) {
    return { status: 'failed', providerRef, detail: `${code} ${String(a.message ?? status)}`.trim() };
  }
  if (WAITING_CODES.has(code) || status.startsWith('WAITING') || status === 'PENDING') return { status: 'pending', providerRef };
  if (/NOT_FOUND|NOT_EXIST/i.test(String(a.message ?? ''))) return null;
  return undefined;
}

/** CinetPay refuses some characters in description (#, /, $, _, &). */
const cleanDescription = (s: string) => s.replace(/[#/$_&]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200) || 'Paiement Flotte';

export function createCinetPayCheckoutClient(options: CinetPayCheckoutOptions): CollectionProvider {
  const baseUrl = (options.baseUrl ?? 'https://api-checkout.cinetpay.com').replace(/\/+$/, '');
  const http: HttpOptions = { timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch ?? fetch, secrets: [options.apiKey, options.secretKey], provider: 'CinetPay' };

  async function post(what: string, path: string, body: object): Promise<{ status: number; answer: Record<string, unknown> | null; text: string }> {
    const res = await send(http, what, `${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ apikey: options.apiKey, site_id: options.siteId, ...body }),
    });
    const answer = res.json && typeof res.json === 'object' && 'code' in (res.json as object) ? (res.json as Record<string, unknown>) : null;
    if (res.status >= 500 || !answer) throw unknownOutcome(http, what, res.status, res.text);
    return { status: res.status, answer, text: res.text };
  }

  async function check(reference: string): Promise<CollectionResult | null> {
    const { answer } = await post('payment check', '/v2/payment/check', { transaction_id: reference });
    const result = checkResult(answer as CheckAnswer, reference);
    if (result === undefined) throw new PayoutOutcomeUnknown(`CinetPay payment check: ${String(answer?.code)} ${String(answer?.message)}`);
    return result;
  }

  return {
    name: 'cinetpay',
    amountMultipleOf: 5,
    async requestPayment(req) {
      const phone = req.msisdn.startsWith(req.callingCode) ? req.msisdn.slice(req.callingCode.length) : req.msisdn;
      const { answer } = await post('payment init', '/v2/payment', {
        transaction_id: req.reference,
        amount: Number(req.amount),
        currency: req.currency,
        description: cleanDescription(req.description),
        notify_url: req.callbackUrl,
        return_url: req.returnUrl,
        channels: 'MOBILE_MONEY',
        lang: 'fr',
        metadata: req.reference,
        customer_phone_number: phone,
        lock_phone_number: true,
      });
      const data = (answer?.data ?? {}) as { payment_url?: unknown; payment_token?: unknown };
      if (String(answer?.code) === '201' && typeof data.payment_url === 'string') {
        return { status: 'pending', providerRef: typeof data.payment_token === 'string' ? data.payment_token : null, launchUrl: data.payment_url };
      }
      // Refused: unless a payment under our id exists (a retry CinetPay took), nothing was asked of the payer.
      const existing = await check(req.reference).catch(() => null);
      if (existing && existing.status !== 'failed') return { status: 'pending', providerRef: null, launchUrl: null };
      return { status: 'failed', providerRef: null, launchUrl: null, detail: `${String(answer?.code)} ${String(answer?.message)} ${String(answer?.description ?? '')}`.trim() };
    },
    async paymentStatus({ reference, providerRef }) {
      const result = await check(reference);
      return result ? { ...result, providerRef: providerRef ?? result.providerRef } : null;
    },
    verifyCallback(input) {
      const given = headerOf(input, 'x-token');
      if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
      const expected = Buffer.from(cinetPayToken(options.secretKey, new URLSearchParams(input.rawBody)), 'hex');
      const got = Buffer.from(given, 'hex');
      return got.length === expected.length && timingSafeEqual(got, expected);
    },
    parseCallback(input): ParsedCallback | null {
      const form = new URLSearchParams(input.rawBody);
      const reference = form.get('cpm_trans_id');
      if (!reference) return null;
      return {
        eventId: `${reference}:${headerOf(input, 'x-token') ?? ''}`,
        reference,
        providerRef: null,
        status: null,
        detail: form.get('cpm_error_message') ?? undefined,
      };
    },
  };
}
