/**
 * Loopback simulator of MTN MoMo's Disbursement API: the token endpoint (Basic apiUser:apiKey and
 * the subscription key), POST /disbursement/v1_0/transfer answering 202 with no body (409 for a
 * reference id already used), and GET /disbursement/v1_0/transfer/{referenceId} answering PENDING
 * until the transfer settles (after `settleAfterMs`, or on settle()), then SUCCESSFUL or FAILED
 * (numbers ending in 0000 fail). Same paths and shapes as the documented Collection API.
 */
import { randomBytes } from 'node:crypto';
import { later, simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function startMtnMomoSimulator(options: MtnMomoSimulatorOptions = {}): Promise<MtnMomoSimulator> {
  const apiUser = options.apiUser ?? '3f1c6a4e-8d2b-4c1a-9e7f-1a2b3c4d5e6f';
  const apiKey = options.apiKey ?? 'mtn-sim-api-key';
  const subscriptionKey = options.subscriptionKey ?? 'mtn-sim-subscription';
  const targetEnvironment = options.targetEnvironment ?? 'sandbox';
  const basic = `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`;
  const tokens = new Set<string>();
  const transfers: MtnTransfer[] = [];
  let tokensIssued = 0;

  const finish = (t: MtnTransfer, outcome: SimOutcome) => {
    if (t.status !== 'PENDING') return;
    if (outcome === 'success') {
      t.status = 'SUCCESSFUL';
      t.financialTransactionId = String(Math.floor(1e9 + Math.random() * 9e9));
    } else {
      t.status = 'FAILED';
      t.reason = 'PAYEE_NOT_FOUND';
    }
  };

  const sim = {
    url: '',
    apiUser,
    apiKey,
    subscriptionKey,
    targetEnvironment,
    transfers,
    settleAfterMs: options.settleAfterMs === undefined ? 2000 : options.settleAfterMs,
    get tokensIssued() {
      return tokensIssued;
    },
    settle(ref: string, outcome: SimOutcome) {
      const t = transfers.find((x) => x.referenceId === ref || x.externalId === ref);
      if (t) finish(t, outcome);
    },
  } as MtnMomoSimulator;

  const server = await startSimServer(options.port, async (req) => {
    if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey) {
      return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key.' } };
    }
    if (req.method === 'POST' && req.path === '/disbursement/token/') {
      if (req.headers.authorization !== basic) return { status: 401, body: { error: 'login_failed' } };
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      tokensIssued += 1;
      return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: 3600 } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { code: 'UNAUTHORIZED', message: 'Authorization failed. Insufficient permissions.' } };
    if (req.headers['x-target-environment'] !== targetEnvironment) return { status: 400, body: { code: 'INVALID_TARGET_ENVIRONMENT', message: 'Wrong target environment' } };

    if (req.method === 'POST' && req.path === '/disbursement/v1_0/transfer') {
      const ref = req.headers['x-reference-id'];
      if (typeof ref !== 'string' || !UUID.test(ref)) return { status: 400, body: { code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID' } };
      if (transfers.some((t) => t.referenceId === ref)) return { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' } };
      let body: Partial<MtnTransfer>;
      try {
        body = JSON.parse(req.body) as Partial<MtnTransfer>;
      } catch {
        return { status: 400, body: { code: 'INVALID_JSON', message: 'Invalid body' } };
      }
      const partyId = body.payee?.partyId;
      if (typeof body.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount) || typeof body.currency !== 'string' || body.payee?.partyIdType !== 'MSISDN' || typeof partyId !== 'string' || !/^\d{8,15}$/.test(partyId)) {
        return { status: 400, body: { code: 'INVALID_PAYEE', message: 'amount, currency and payee {partyIdType: MSISDN, partyId} are required' } };
      }
      const t: MtnTransfer = {
        referenceId: ref,
        amount: body.amount,
        currency: body.currency,
        externalId: String(body.externalId ?? ''),
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
      if (!t) return { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
      // 200 even when the transfer failed, as MTN answers.
      return { status: 200, body: { ...t, referenceId: undefined } };
    }
    return null;
  });

  sim.url = server.url;
  Object.assign(sim, server.levers);
  sim.close = server.close;
  return sim;
}
