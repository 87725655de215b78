/**
 * Loopback simulator of MTN MoMo's Collection API: the token endpoint, POST
 * /collection/v1_0/requesttopay (202, no body; 409 for a reference id already used) and GET
 * /collection/v1_0/requesttopay/{referenceId} answering PENDING until the payer approves or
 * refuses (complete() / fail(), the USSD page at /ussd/{referenceId}, or on its own after
 * `settleAfterMs`, numbers ending in 0000 refusing), then SUCCESSFUL or FAILED. The callback is
 * sent to the request's X-Callback-Url with the documented body and no signature.
 */
import { deliveryLog, fetchTransport, paymentPage, payerLevers, settleLater, type CollectionSimLevers, type SettleOptions } from '../../platform/payments/collection-sim.ts';
import { attachSimServer, simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';
import { MTN_SIM_NOT_FOUND, mtnSimAuth, readMtnSimRequest, settleMtnSim } from './mtn-momo.simulator-kit.ts';

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

export async function startMtnCollectionSimulator(options: MtnCollectionSimulatorOptions = {}): Promise<MtnCollectionSimulator> {
  const apiUser = options.apiUser ?? '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const apiKey = options.apiKey ?? 'mtn-sim-collection-key';
  const subscriptionKey = options.subscriptionKey ?? 'mtn-sim-collection-subscription';
  const targetEnvironment = options.targetEnvironment ?? 'sandbox';
  const auth = mtnSimAuth('collection', { apiUser, apiKey, subscriptionKey, targetEnvironment });
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
    settleMtnSim(r, outcome, 'APPROVAL_REJECTED');
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
    ...payerLevers(find, settle),
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

    const refused = auth.check(req);
    if (refused) return refused;

    if (req.method === 'POST' && req.path === '/collection/v1_0/requesttopay') {
      const body = readMtnSimRequest(req, 'payer', (ref) => requests.some((r) => r.referenceId === ref));
      if ('refused' in body) return body.refused;
      const { referenceId, partyId } = body;
      const callback = req.headers['x-callback-url'];
      const r: MtnRequestToPay = {
        referenceId,
        amount: body.amount,
        currency: body.currency,
        externalId: body.externalId,
        payer: { partyIdType: 'MSISDN', partyId },
        payerMessage: body.payerMessage,
        payeeNote: body.payeeNote,
        callbackUrl: typeof callback === 'string' && callback ? callback : null,
        status: 'PENDING',
      };
      requests.push(r);
      if (sim.settleAfterMs !== null) settleLater(sim.settleAfterMs, () => settle(r, simOutcomeFor(partyId)));
      if (server.takeDrop()) return { status: 0, drop: true };
      return { status: 202 };
    }
    const one = req.method === 'GET' ? /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(req.path) : null;
    if (one) {
      const r = requests.find((x) => x.referenceId === one[1]);
      if (!r) return MTN_SIM_NOT_FOUND;
      return { status: 200, body: view(r) };
    }
    return null;
  });

  return attachSimServer(sim, server);
}
