/**
 * Loopback simulator of CinetPay's payment API (api-checkout.cinetpay.com/v2): POST /v2/payment
 * (code "201" with payment_url and payment_token; amounts multiples of 5; a transaction_id
 * accepted once), POST /v2/payment/check (662 WAITING_CUSTOMER_PAYMENT with status
 * WAITING_FOR_CUSTOMER until the payer acts, then "00" ACCEPTED or 600 REFUSED), and the
 * payment_url page. When a payment settles, the cpm_* form is posted to notify_url with its
 * `x-token` (HMAC-SHA256 of the fields in the documented order, with the secret key).
 * Answers are HTTP 200 with CinetPay's `code`, as the API does.
 */
import { randomBytes } from 'node:crypto';
import { deliveryLog, fetchTransport, paymentPage, payerLevers, settleLater, type CollectionSimLevers, type SettleOptions } from '../../platform/payments/collection-sim.ts';
import { attachSimServer, jsonBody, simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';
import { cinetPayToken } from './cinetpay.checkout.ts';

export interface CinetPayPayment {
  transaction_id: string;
  payment_token: string;
  amount: number;
  currency: string;
  description: string;
  notify_url: string | null;
  return_url: string | null;
  customer_phone_number: string;
  status: 'WAITING_FOR_CUSTOMER' | 'ACCEPTED' | 'REFUSED';
  operator_id: string | null;
  payment_date: string | null;
}

export interface CinetPayCheckoutSimulatorOptions {
  port?: number;
  apiKey?: string;
  siteId?: string;
  secretKey?: string;
  settleAfterMs?: number | null;
}

export interface CinetPayCheckoutSimulator extends SimLevers, CollectionSimLevers {
  url: string;
  apiKey: string;
  siteId: string;
  secretKey: string;
  payments: CinetPayPayment[];
}

const answer = (code: string, message: string, data: unknown, description = '') => ({ status: 200, body: { code, message, description, data, api_response_id: randomBytes(6).toString('hex') } });

export async function startCinetPayCheckoutSimulator(options: CinetPayCheckoutSimulatorOptions = {}): Promise<CinetPayCheckoutSimulator> {
  const apiKey = options.apiKey ?? 'cinetpay-sim-checkout-apikey';
  const siteId = options.siteId ?? '105900';
  const secretKey = options.secretKey ?? 'cinetpay-sim-secret-key';
  const payments: CinetPayPayment[] = [];
  const log = deliveryLog();

  const find = (ref: string) => payments.find((p) => p.transaction_id === ref || p.payment_token === ref);

  async function settle(p: CinetPayPayment, outcome: SimOutcome, o: SettleOptions = {}): Promise<void> {
    if (p.status === 'WAITING_FOR_CUSTOMER') {
      p.status = outcome === 'success' ? 'ACCEPTED' : 'REFUSED';
      p.operator_id = outcome === 'success' ? `MP${randomBytes(5).toString('hex').toUpperCase()}` : null;
      p.payment_date = new Date().toISOString().replace('T', ' ').slice(0, 19);
    }
    if (!p.notify_url) return;
    const form = new URLSearchParams({
      cpm_site_id: siteId,
      cpm_trans_id: p.transaction_id,
      cpm_trans_date: p.payment_date ?? '',
      cpm_amount: String(p.amount),
      cpm_currency: p.currency,
      signature: randomBytes(16).toString('hex'),
      payment_method: 'OM',
      cel_phone_num: p.customer_phone_number,
      cpm_phone_prefixe: '',
      cpm_language: 'fr',
      cpm_version: 'V4',
      cpm_payment_config: 'Single',
      cpm_page_action: 'Payment',
      cpm_custom: p.transaction_id,
      cpm_designation: p.description,
      cpm_error_message: p.status === 'ACCEPTED' ? 'SUCCES' : 'PAYMENT_FAILED',
    });
    const body = form.toString();
    await log.send(sim.transport, { url: p.notify_url, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': cinetPayToken(secretKey, form) }, body }, o.deliveries ?? 1);
  }

  const sim = {
    url: '',
    apiKey,
    siteId,
    secretKey,
    payments,
    settleAfterMs: options.settleAfterMs === undefined ? null : options.settleAfterMs,
    transport: fetchTransport,
    delivered: log.delivered,
    ...payerLevers(find, settle),
  } as CinetPayCheckoutSimulator;

  const server = await startSimServer(options.port, async (req) => {
    const page = /^\/p\/([^/]+)(\/pay|\/refuse)?$/.exec(req.path);
    if (page) {
      const p = payments.find((x) => x.payment_token === page[1]);
      if (!p) return { status: 404, html: '<p>Paiement introuvable</p>' };
      if (req.method === 'POST' && page[2]) {
        await settle(p, page[2] === '/pay' ? 'success' : 'failed');
        return { status: 303, redirect: p.return_url ?? `/p/${p.payment_token}` };
      }
      const state = p.status === 'WAITING_FOR_CUSTOMER' ? 'open' : p.status;
      return { status: 200, html: paymentPage({ provider: 'CinetPay', amount: String(p.amount), currency: p.currency, reference: p.transaction_id, state, payAction: `/p/${p.payment_token}/pay`, refuseAction: `/p/${p.payment_token}/refuse` }) };
    }

    if (req.method !== 'POST') return null;
    const body = jsonBody(req.body) as Record<string, unknown> | undefined;
    if (body === undefined) return answer('608', 'MINIMUM_REQUIRED_FIELDS', null, 'Corps JSON invalide');
    if (body.apikey !== apiKey || String(body.site_id) !== siteId) return answer('609', 'AUTH_NOT_FOUND', null, 'apikey ou site_id incorrect');

    if (req.path === '/v2/payment') {
      const id = typeof body.transaction_id === 'string' ? body.transaction_id : '';
      const amount = Number(body.amount);
      const currency = String(body.currency ?? '');
      if (!id || !body.description || !body.notify_url || !body.return_url) return answer('608', 'MINIMUM_REQUIRED_FIELDS', null, 'Champs obligatoires manquants');
      if (!Number.isInteger(amount) || amount <= 0 || amount % 5 !== 0) return answer('608', 'MINIMUM_REQUIRED_FIELDS', null, 'Le montant doit être un multiple de 5');
      if (!['XOF', 'XAF', 'CDF', 'GNF', 'USD'].includes(currency)) return answer('608', 'MINIMUM_REQUIRED_FIELDS', null, 'Devise non supportée');
      if (payments.some((p) => p.transaction_id === id)) return answer('624', 'TRANSACTION_ID_ALREADY_EXISTS', null, 'Cet identifiant de transaction existe déjà');
      const token = randomBytes(20).toString('hex');
      const p: CinetPayPayment = {
        transaction_id: id,
        payment_token: token,
        amount,
        currency,
        description: String(body.description),
        notify_url: String(body.notify_url),
        return_url: String(body.return_url),
        customer_phone_number: String(body.customer_phone_number ?? ''),
        status: 'WAITING_FOR_CUSTOMER',
        operator_id: null,
        payment_date: null,
      };
      payments.push(p);
      if (sim.settleAfterMs !== null) settleLater(sim.settleAfterMs, () => settle(p, simOutcomeFor(p.customer_phone_number)));
      if (server.takeDrop()) return { status: 0, drop: true };
      return { status: 200, body: { code: '201', message: 'CREATED', description: 'Transaction created with success', data: { payment_token: token, payment_url: `${sim.url}/p/${token}` }, api_response_id: randomBytes(6).toString('hex') } };
    }
    if (req.path === '/v2/payment/check') {
      const p = find(String(body.transaction_id ?? body.token ?? ''));
      if (!p) return answer('629', 'TRANSACTION_NOT_FOUND', null, 'Transaction introuvable');
      const data = { amount: String(p.amount), currency: p.currency, status: p.status, payment_method: p.status === 'ACCEPTED' ? 'OM' : null, description: p.description, metadata: p.transaction_id, operator_id: p.operator_id, payment_date: p.payment_date };
      if (p.status === 'ACCEPTED') return answer('00', 'SUCCES', data);
      if (p.status === 'REFUSED') return answer('600', 'PAYMENT_FAILED', data);
      return answer('662', 'WAITING_CUSTOMER_PAYMENT', data);
    }
    return null;
  });

  return attachSimServer(sim, server);
}
