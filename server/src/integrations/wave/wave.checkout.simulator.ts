/**
 * Loopback simulator of Wave's Checkout API: POST /v1/checkout/sessions (Idempotency-Key honoured),
 * GET /v1/checkout/sessions/:id, GET /v1/checkout/sessions/search?client_reference=,
 * POST /v1/checkout/sessions/:id/expire, and the wave_launch_url page where the payer pays or
 * refuses. When a session completes or its payment fails, the webhook is posted to `webhookUrl`,
 * signed `Wave-Signature: t=<ts>,v1=HMAC-SHA256(secret, t + body)`, once or twice (Wave documents
 * duplicates). Payments from numbers ending in 0000 fail when they settle on their own.
 */
import { randomBytes } from 'node:crypto';
import { deliveryLog, fetchTransport, paymentPage, payerLevers, settleLater, unixNow, type CollectionSimLevers, type SettleOptions } from '../../platform/payments/collection-sim.ts';
import { attachSimServer, jsonBody, simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';
import { waveSignature } from './wave.checkout.ts';

export interface WaveCheckoutSessionSim {
  id: string;
  amount: string;
  currency: string;
  client_reference: string | null;
  restrict_payer_mobile: string | null;
  success_url: string | null;
  error_url: string | null;
  checkout_status: 'open' | 'complete' | 'expired';
  payment_status: 'processing' | 'cancelled' | 'succeeded';
  wave_launch_url: string;
  business_name: string;
  transaction_id: string | null;
  when_created: string;
  when_expires: string;
  when_completed: string | null;
  last_payment_error: { code: string; message: string } | null;
}

export interface WaveCheckoutSimulatorOptions {
  port?: number;
  apiKey?: string;
  webhookSecret?: string;
  /** Where webhooks go (set in Wave's business portal for the real service). */
  webhookUrl?: string;
  settleAfterMs?: number | null;
}

export interface WaveCheckoutSimulator extends SimLevers, CollectionSimLevers {
  url: string;
  apiKey: string;
  webhookSecret: string;
  webhookUrl: string;
  sessions: WaveCheckoutSessionSim[];
}

export async function startWaveCheckoutSimulator(options: WaveCheckoutSimulatorOptions = {}): Promise<WaveCheckoutSimulator> {
  const apiKey = options.apiKey ?? 'wave_sim_checkout_key';
  const webhookSecret = options.webhookSecret ?? 'wave_sim_webhook_secret';
  const sessions: WaveCheckoutSessionSim[] = [];
  const byKey = new Map<string, { body: string; session: WaveCheckoutSessionSim }>();
  const log = deliveryLog();

  const findSession = (ref: string) => sessions.find((s) => s.id === ref || s.client_reference === ref);

  async function settle(s: WaveCheckoutSessionSim, outcome: SimOutcome, options: SettleOptions = {}): Promise<void> {
    if (s.checkout_status === 'open') {
      if (outcome === 'success') {
        s.checkout_status = 'complete';
        s.payment_status = 'succeeded';
        s.transaction_id = `T_${randomBytes(6).toString('hex').toUpperCase()}`;
        s.when_completed = new Date().toISOString();
      } else {
        s.checkout_status = 'expired';
        s.payment_status = 'cancelled';
        s.last_payment_error = { code: 'insufficient-funds', message: "Le payeur n'a pas assez de fonds" };
      }
    }
    const type = s.payment_status === 'succeeded' ? 'checkout.session.completed' : 'checkout.session.payment_failed';
    const body = JSON.stringify({ id: `EV_${randomBytes(8).toString('hex')}`, type, data: s });
    const t = unixNow();
    await log.send(
      sim.transport,
      { url: sim.webhookUrl, method: 'POST', headers: { 'content-type': 'application/json', 'wave-signature': `t=${t},v1=${waveSignature(webhookSecret, t, body)}` }, body },
      options.deliveries ?? 1,
    );
  }

  const sim = {
    url: '',
    apiKey,
    webhookSecret,
    webhookUrl: options.webhookUrl ?? 'http://127.0.0.1:3000/api/webhooks/payins/wave',
    sessions,
    settleAfterMs: options.settleAfterMs === undefined ? null : options.settleAfterMs,
    transport: fetchTransport,
    delivered: log.delivered,
    ...payerLevers(findSession, settle),
  } as WaveCheckoutSimulator;

  const server = await startSimServer(options.port, async (req) => {
    // The payer's page (no API key: it is the link the driver opens).
    const page = /^\/c\/([^/]+)(\/pay|\/refuse)?$/.exec(req.path);
    if (page) {
      const s = sessions.find((x) => x.id === page[1]);
      if (!s) return { status: 404, html: '<p>Session introuvable</p>' };
      if (req.method === 'POST' && page[2]) {
        await settle(s, page[2] === '/pay' ? 'success' : 'failed');
        const back = s.payment_status === 'succeeded' ? s.success_url : s.error_url;
        return back ? { status: 303, redirect: back } : { status: 303, redirect: `/c/${s.id}` };
      }
      return {
        status: 200,
        html: paymentPage({ provider: 'Wave', amount: s.amount, currency: s.currency, reference: s.client_reference ?? s.id, state: s.checkout_status, payAction: `/c/${s.id}/pay`, refuseAction: `/c/${s.id}/refuse` }),
      };
    }

    if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: { code: 'invalid-auth', message: 'Invalid API key' } };

    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byKey.has(key)) {
        const seen = byKey.get(key)!;
        if (seen.body !== req.body) return { status: 409, body: { code: 'idempotency-mismatch', message: 'Idempotency-Key reused with another request' } };
        return { status: 200, body: seen.session };
      }
      const body = jsonBody(req.body) as Record<string, unknown> | undefined;
      if (body === undefined) return { status: 400, body: { code: 'request-validation-error', message: 'Invalid JSON' } };
      const { amount, currency } = body;
      if (typeof amount !== 'string' || !/^\d+$/.test(amount) || Number(amount) <= 0 || currency !== 'XOF') {
        return { status: 400, body: { code: 'request-validation-error', message: 'amount (whole string) and currency XOF are required' } };
      }
      const id = `cos-${randomBytes(8).toString('hex')}`;
      const now = Date.now();
      const session: WaveCheckoutSessionSim = {
        id,
        amount,
        currency,
        client_reference: typeof body.client_reference === 'string' ? body.client_reference : null,
        restrict_payer_mobile: typeof body.restrict_payer_mobile === 'string' ? body.restrict_payer_mobile : null,
        success_url: typeof body.success_url === 'string' ? body.success_url : null,
        error_url: typeof body.error_url === 'string' ? body.error_url : null,
        checkout_status: 'open',
        payment_status: 'processing',
        wave_launch_url: `${sim.url}/c/${id}`,
        business_name: 'Flotte (simulateur)',
        transaction_id: null,
        when_created: new Date(now).toISOString(),
        when_expires: new Date(now + 30 * 60_000).toISOString(),
        when_completed: null,
        last_payment_error: null,
      };
      sessions.push(session);
      if (typeof key === 'string') byKey.set(key, { body: req.body, session });
      if (sim.settleAfterMs !== null) {
        const payer = (session.restrict_payer_mobile ?? '').replace(/^\+/, '');
        settleLater(sim.settleAfterMs, () => settle(session, simOutcomeFor(payer)));
      }
      if (server.takeDrop()) return { status: 0, drop: true };
      return { status: 200, body: session };
    }
    if (req.method === 'GET' && req.path === '/v1/checkout/sessions/search') {
      const ref = req.query.get('client_reference');
      return { status: 200, body: { result: sessions.filter((s) => s.client_reference === ref) } };
    }
    const expire = req.method === 'POST' ? /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.path) : null;
    if (expire) {
      const s = sessions.find((x) => x.id === expire[1]);
      if (!s) return { status: 404, body: { code: 'checkout-session-not-found', message: 'Checkout session not found' } };
      if (s.checkout_status === 'complete') return { status: 409, body: { code: 'checkout-session-already-complete', message: 'Session already complete' } };
      s.checkout_status = 'expired';
      return { status: 200, body: s };
    }
    const one = req.method === 'GET' ? /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path) : null;
    if (one) {
      const s = sessions.find((x) => x.id === one[1]);
      return s ? { status: 200, body: s } : { status: 404, body: { code: 'checkout-session-not-found', message: 'Checkout session not found' } };
    }
    return null;
  });

  return attachSimServer(sim, server);
}
