/**
 * Loopback simulator of MTN MoMo's Collection API: the token endpoint, POST
 * /collection/v1_0/requesttopay (202, no body; 409 for a reference id already used) and GET
 * /collection/v1_0/requesttopay/{referenceId} answering PENDING until the payer approves or
 * refuses (complete() / fail(), the USSD page at /ussd/{referenceId}, or on its own after
 * `settleAfterMs`, numbers ending in 0000 refusing), then SUCCESSFUL or FAILED. The callback is
 * sent to the request's X-Callback-Url with the documented body and no signature.
 */
import { randomBytes } from 'node:crypto';
import { deliveryLog, fetchTransport, paymentPage, type CollectionSimLevers, type SettleOptions } from '../../platform/payments/collection-sim.ts';
import { simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';

export interface MtnRequestToPay {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  payer: { partyIdType: string; partyId: string };
  payerMessage?: string;
  payeeNote?: string;
  callbackUrl: string | null;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  financialTransactionId?: string;
  reason?: string;
}

export interface MtnCollectionSimulatorOptions {
  port?: number;
  apiUser?: string;
  apiKey?: string;
  subscriptionKey?: string;
  targetEnvironment?: string;
  settleAfterMs?: number | null;
}

export interface MtnCollectionSimulator extends SimLevers, CollectionSimLevers {
  url: string;
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
  requests: MtnRequestToPay[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function startMtnCollectionSimulator(options: MtnCollectionSimulatorOptions = {}): Promise<MtnCollectionSimulator> {
  const apiUser = options.apiUser ?? '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const apiKey = options.apiKey ?? 'mtn-sim-collection-key';
  const subscriptionKey = options.subscriptionKey ?? 'mtn-sim-collection-subscription';
  const targetEnvironment = options.targetEnvironment ?? 'sandbox';
  const basic = `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`;
  const tokens = new Set<string>();
  const requests: MtnRequestToPay[] = [];
  const log = deliveryLog();

  const find = (ref: string) => requests.find((r) => r.referenceId === ref || r.externalId === ref);
  const view = (r: MtnRequestToPay) => ({
    amount: r.amount,
    currency: r.currency,
    externalId: r.externalId,
    payer: r.payer,
    payerMessage: r.payerMessage,
    payeeNote: r.payeeNote,
    status: r.status,
    ...(r.financialTransactionId ? { financialTransactionId: r.financialTransactionId } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
  });

  async function settle(r: MtnRequestToPay, outcome: SimOutcome, o: SettleOptions = {}): Promise<void> {
    if (r.status === 'PENDING') {
      if (outcome === 'success') {
        r.status = 'SUCCESSFUL';
        r.financialTransactionId = String(Math.floor(1e9 + Math.random() * 9e9));
      } else {
        r.status = 'FAILED';
        r.reason = 'APPROVAL_REJECTED';
      }
    }
    if (!r.callbackUrl) return;
    await log.send(sim.transport, { url: r.callbackUrl, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(view(r)) }, o.deliveries ?? 1);
  }

  const sim = {
    url: '',
    apiUser,
    apiKey,
    subscriptionKey,
    targetEnvironment,
    requests,
    settleAfterMs: options.settleAfterMs === undefined ? null : options.settleAfterMs,
    transport: fetchTransport,
    delivered: log.delivered,
    async complete(ref: string, o?: SettleOptions) {
      const r = find(ref);
      if (r) await settle(r, 'success', o);
    },
    async fail(ref: string, o?: SettleOptions) {
      const r = find(ref);
      if (r) await settle(r, 'failed', o);
    },
  } as MtnCollectionSimulator;

  const server = await startSimServer(options.port, async (req) => {
    // The payer's phone, as a page: the USSD prompt he approves or refuses.
    const page = /^\/ussd\/([^/]+)(\/pay|\/refuse)?$/.exec(req.path);
    if (page) {
      const r = find(page[1]);
      if (!r) return { status: 404, html: '<p>Demande introuvable</p>' };
      if (req.method === 'POST' && page[2]) {
        await settle(r, page[2] === '/pay' ? 'success' : 'failed');
        return { status: 303, redirect: `/ussd/${r.referenceId}` };
      }
      const state = r.status === 'PENDING' ? 'open' : r.status;
      return { status: 200, html: paymentPage({ provider: 'MTN MoMo', amount: r.amount, currency: r.currency, reference: r.externalId, state, payAction: `/ussd/${r.referenceId}/pay`, refuseAction: `/ussd/${r.referenceId}/refuse` }) };
    }

    if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey) {
      return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key.' } };
    }
    if (req.method === 'POST' && req.path === '/collection/token/') {
      if (req.headers.authorization !== basic) return { status: 401, body: { error: 'login_failed' } };
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: 3600 } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { code: 'UNAUTHORIZED', message: 'Authorization failed. Insufficient permissions.' } };
    if (req.headers['x-target-environment'] !== targetEnvironment) return { status: 400, body: { code: 'INVALID_TARGET_ENVIRONMENT', message: 'Wrong target environment' } };

    if (req.method === 'POST' && req.path === '/collection/v1_0/requesttopay') {
      const ref = req.headers['x-reference-id'];
      if (typeof ref !== 'string' || !UUID.test(ref)) return { status: 400, body: { code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID' } };
      if (requests.some((r) => r.referenceId === ref)) return { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' } };
      let body: Partial<MtnRequestToPay>;
      try {
        body = JSON.parse(req.body) as Partial<MtnRequestToPay>;
      } catch {
        return { status: 400, body: { code: 'INVALID_JSON', message: 'Invalid body' } };
      }
      const partyId = body.payer?.partyId;
      if (typeof body.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount) || typeof body.currency !== 'string' || body.payer?.partyIdType !== 'MSISDN' || typeof partyId !== 'string' || !/^\d{8,15}$/.test(partyId)) {
        return { status: 400, body: { code: 'INVALID_PAYER', message: 'amount, currency and payer {partyIdType: MSISDN, partyId} are required' } };
      }
      const callback = req.headers['x-callback-url'];
      const r: MtnRequestToPay = {
        referenceId: ref,
        amount: body.amount,
        currency: body.currency,
        externalId: String(body.externalId ?? ''),
        payer: { partyIdType: 'MSISDN', partyId },
        payerMessage: body.payerMessage,
        payeeNote: body.payeeNote,
        callbackUrl: typeof callback === 'string' && callback ? callback : null,
        status: 'PENDING',
      };
      requests.push(r);
      if (sim.settleAfterMs !== null) setTimeout(() => void settle(r, simOutcomeFor(partyId)).catch(() => undefined), sim.settleAfterMs).unref();
      if (server.takeDrop()) return { status: 0, drop: true };
      return { status: 202 };
    }
    const one = req.method === 'GET' ? /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(req.path) : null;
    if (one) {
      const r = requests.find((x) => x.referenceId === one[1]);
      if (!r) return { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
      return { status: 200, body: view(r) };
    }
    return null;
  });

  sim.url = server.url;
  Object.assign(sim, server.levers);
  sim.close = server.close;
  return sim;
}
