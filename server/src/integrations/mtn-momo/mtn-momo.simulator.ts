/**
 * Loopback simulator of MTN MoMo's Disbursement API: the token endpoint (Basic apiUser:apiKey and
 * the subscription key), POST /disbursement/v1_0/transfer answering 202 with no body (409 for a
 * reference id already used), and GET /disbursement/v1_0/transfer/{referenceId} answering PENDING
 * until the transfer settles (after `settleAfterMs`, or on settle()), then SUCCESSFUL or FAILED
 * (numbers ending in 0000 fail). Same paths and shapes as the documented Collection API.
 */
import { attachSimServer, later, simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';
import { MTN_SIM_NOT_FOUND, mtnSimAuth, readMtnSimRequest, settleMtnSim } from './mtn-momo.simulator-kit.ts';

export interface MtnTransfer {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  payee: { partyIdType: string; partyId: string };
  payerMessage?: string;
  payeeNote?: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  financialTransactionId?: string;
  reason?: string;
}

export interface MtnMomoSimulatorOptions {
  port?: number;
  apiUser?: string;
  apiKey?: string;
  subscriptionKey?: string;
  targetEnvironment?: string;
  /** n: PENDING turns final n ms after the request; null: only settle() does. Default 2000. */
  settleAfterMs?: number | null;
}

export interface MtnMomoSimulator extends SimLevers {
  url: string;
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
  transfers: MtnTransfer[];
  settleAfterMs: number | null;
  readonly tokensIssued: number;
  /** Settles a PENDING transfer (by X-Reference-Id or externalId). */
  settle(referenceOrExternalId: string, outcome: SimOutcome): void;
}

export async function startMtnMomoSimulator(options: MtnMomoSimulatorOptions = {}): Promise<MtnMomoSimulator> {
  const apiUser = options.apiUser ?? '3f1c6a4e-8d2b-4c1a-9e7f-1a2b3c4d5e6f';
  const apiKey = options.apiKey ?? 'mtn-sim-api-key';
  const subscriptionKey = options.subscriptionKey ?? 'mtn-sim-subscription';
  const targetEnvironment = options.targetEnvironment ?? 'sandbox';
  const auth = mtnSimAuth('disbursement', { apiUser, apiKey, subscriptionKey, targetEnvironment });
  const transfers: MtnTransfer[] = [];

  const finish = (t: MtnTransfer, outcome: SimOutcome) => settleMtnSim(t, outcome, 'PAYEE_NOT_FOUND');

  const sim = {
    url: '',
    apiUser,
    apiKey,
    subscriptionKey,
    targetEnvironment,
    transfers,
    settleAfterMs: options.settleAfterMs === undefined ? 2000 : options.settleAfterMs,
    get tokensIssued() {
      return auth.tokensIssued;
    },
    settle(ref: string, outcome: SimOutcome) {
      const t = transfers.find((x) => x.referenceId === ref || x.externalId === ref);
      if (t) finish(t, outcome);
    },
  } as MtnMomoSimulator;

  const server = await startSimServer(options.port, async (req) => {
    const refused = auth.check(req);
    if (refused) return refused;

    if (req.method === 'POST' && req.path === '/disbursement/v1_0/transfer') {
      const body = readMtnSimRequest(req, 'payee', (ref) => transfers.some((t) => t.referenceId === ref));
      if ('refused' in body) return body.refused;
      const { referenceId, partyId } = body;
      const t: MtnTransfer = {
        referenceId,
        amount: body.amount,
        currency: body.currency,
        externalId: body.externalId,
        payee: { partyIdType: 'MSISDN', partyId },
        payerMessage: body.payerMessage,
        payeeNote: body.payeeNote,
        status: 'PENDING',
      };
      transfers.push(t);
      if (sim.settleAfterMs !== null) later(sim.settleAfterMs, () => finish(t, simOutcomeFor(partyId)));
      if (server.takeDrop()) return { status: 0, drop: true };
      return { status: 202 };
    }
    const one = req.method === 'GET' ? /^\/disbursement\/v1_0\/transfer\/([^/]+)$/.exec(req.path) : null;
    if (one) {
      const t = transfers.find((x) => x.referenceId === one[1]);
      if (!t) return MTN_SIM_NOT_FOUND;
      // 200 even when the transfer failed, as MTN answers.
      return { status: 200, body: { ...t, referenceId: undefined } };
    }
    return null;
  });

  return attachSimServer(sim, server);
}
