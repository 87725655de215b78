/**
 * Loopback simulator of Wave's Payout API (POST /v1/payout, GET /v1/payout/:id,
 * GET /v1/payouts/search?client_reference=), with Wave's idempotency: the same Idempotency-Key and
 * body answer the payout already made. A payout is 'processing' until it settles (after
 * `settleAfterMs`, or at once when that is 0, or on settle()); numbers ending in 0000 fail.
 */
import { randomBytes } from 'node:crypto';
import { attachSimServer, jsonBody, later, simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';

export interface WavePayout {
  id: string;
  currency: string;
  receive_amount: string;
  fee: string;
  mobile: string;
  name?: string;
  client_reference?: string;
  payment_reason?: string;
  status: 'processing' | 'succeeded' | 'failed' | 'reversed';
  timestamp: string;
  payout_error?: { error_code: string; error_message: string };
}

export interface WaveSimulatorOptions {
  port?: number;
  apiKey?: string;
  /** 0: payouts succeed or fail in the answer; n: they answer 'processing' and settle n ms later; null: only settle() does. */
  settleAfterMs?: number | null;
}

export interface WaveSimulator extends SimLevers {
  url: string;
  apiKey: string;
  payouts: WavePayout[];
  settleAfterMs: number | null;
  /** Settles a processing payout (by Wave id or client_reference). */
  settle(idOrReference: string, outcome: SimOutcome): void;
}

export async function startWaveSimulator(options: WaveSimulatorOptions = {}): Promise<WaveSimulator> {
  const apiKey = options.apiKey ?? 'wave_sim_key';
  const payouts: WavePayout[] = [];
  const byKey = new Map<string, { bodyHash: string; payout: WavePayout }>();

  const finish = (p: WavePayout, outcome: SimOutcome) => {
    if (p.status !== 'processing') return;
    p.status = outcome === 'success' ? 'succeeded' : 'failed';
    if (outcome === 'failed') p.payout_error = { error_code: 'recipient-limit-exceeded', error_message: 'The recipient cannot receive this amount' };
  };

  const sim: WaveSimulator = {
    url: '',
    apiKey,
    payouts,
    settleAfterMs: options.settleAfterMs === undefined ? 0 : options.settleAfterMs,
    settle(idOrReference, outcome) {
      const p = payouts.find((x) => x.id === idOrReference || x.client_reference === idOrReference);
      if (p) finish(p, outcome);
    },
    failNext: () => undefined,
    stallNext: () => undefined,
    dropNext: () => undefined,
    close: async () => undefined,
  };

  const server = await startSimServer(options.port, async (req) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: { code: 'invalid-auth', message: 'Invalid API key' } };

    if (req.method === 'POST' && req.path === '/v1/payout') {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) return { status: 400, body: { code: 'missing-idempotency-key', message: 'Idempotency-Key header is required' } };
      const body = jsonBody(req.body) as Record<string, unknown> | undefined;
      if (body === undefined) return { status: 400, body: { code: 'request-validation-error', message: 'Invalid JSON' } };
      const seen = byKey.get(key);
      if (seen) {
        if (seen.bodyHash !== req.body) return { status: 409, body: { code: 'idempotency-mismatch', message: 'Idempotency-Key reused with another request' } };
        return { status: 200, body: seen.payout };
      }
      const { currency, receive_amount: amount, mobile } = body;
      if (typeof currency !== 'string' || typeof amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount) || typeof mobile !== 'string' || !/^\+\d{8,15}$/.test(mobile)) {
        return { status: 400, body: { code: 'request-validation-error', message: 'currency, receive_amount (string) and mobile (E.164) are required' } };
      }
      const payout: WavePayout = {
        id: `pt-${randomBytes(8).toString('hex')}`,
        currency,
        receive_amount: amount,
        fee: '0',
        mobile,
        ...(typeof body.name === 'string' ? { name: body.name } : {}),
        ...(typeof body.client_reference === 'string' ? { client_reference: body.client_reference } : {}),
        ...(typeof body.payment_reason === 'string' ? { payment_reason: body.payment_reason } : {}),
        status: 'processing',
        timestamp: new Date().toISOString(),
      };
      payouts.push(payout);
      byKey.set(key, { bodyHash: req.body, payout });
      const outcome = simOutcomeFor(mobile.slice(1));
      if (sim.settleAfterMs === 0) finish(payout, outcome);
      else if (sim.settleAfterMs !== null) later(sim.settleAfterMs, () => finish(payout, outcome));
      if (server.takeDrop()) return { status: 0, drop: true };
      return { status: 200, body: payout };
    }

    const one = req.method === 'GET' ? /^\/v1\/payout\/([^/]+)$/.exec(req.path) : null;
    if (one) {
      const p = payouts.find((x) => x.id === one[1]);
      return p ? { status: 200, body: p } : { status: 404, body: { code: 'not-found', message: 'Payout not found' } };
    }
    if (req.method === 'GET' && req.path === '/v1/payouts/search') {
      const ref = req.query.get('client_reference');
      return { status: 200, body: { result: payouts.filter((p) => p.client_reference === ref) } };
    }
    return null;
  });

  return attachSimServer(sim, server);
}
