/**
 * What the simulators of MTN MoMo's Collection and Disbursement APIs share (the two products have
 * the same paths and shapes, a payer for one and a payee for the other): the subscription-key,
 * token and bearer checks with the token endpoint, the reading of a new request
 * (X-Reference-Id, 409 for one already used, amount, currency, MSISDN party), and the settlement.
 */
import { randomBytes } from 'node:crypto';
import { jsonBody, type SimAnswer, type SimOutcome, type SimRequest } from '../../platform/payments/simulator-kit.ts';
import type { MtnProduct } from './mtn-momo.session.ts';

export interface MtnSimCredentials {
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
}

export interface MtnSimAuth {
  readonly tokensIssued: number;
  /** Answers the token endpoint, or refuses a call that is not authenticated; null: the call may go on. */
  check(req: SimRequest): SimAnswer;
}

export function mtnSimAuth(product: MtnProduct, c: MtnSimCredentials): MtnSimAuth {
  const basic = `Basic ${Buffer.from(`${c.apiUser}:${c.apiKey}`).toString('base64')}`;
  const tokens = new Set<string>();
  let tokensIssued = 0;
  return {
    get tokensIssued() {
      return tokensIssued;
    },
    check(req) {
      if (req.headers['ocp-apim-subscription-key'] !== c.subscriptionKey) {
        return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key.' } };
      }
      if (req.method === 'POST' && req.path === `/${product}/token/`) {
        if (req.headers.authorization !== basic) return { status: 401, body: { error: 'login_failed' } };
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        tokensIssued += 1;
        return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: 3600 } };
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return { status: 401, body: { code: 'UNAUTHORIZED', message: 'Authorization failed. Insufficient permissions.' } };
      if (req.headers['x-target-environment'] !== c.targetEnvironment) return { status: 400, body: { code: 'INVALID_TARGET_ENVIRONMENT', message: 'Wrong target environment' } };
      return null;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MtnSimRequestBody {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  partyId: string;
  payerMessage?: string;
  payeeNote?: string;
}

/** A new request-to-pay (party 'payer') or transfer (party 'payee'), or the answer refusing it. */
export function readMtnSimRequest(req: SimRequest, party: 'payer' | 'payee', used: (referenceId: string) => boolean): MtnSimRequestBody | { refused: NonNullable<SimAnswer> } {
  const ref = req.headers['x-reference-id'];
  if (typeof ref !== 'string' || !UUID.test(ref)) return { refused: { status: 400, body: { code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID' } } };
  if (used(ref)) return { refused: { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' } } };
  const body = jsonBody(req.body) as ({ amount?: unknown; currency?: unknown; externalId?: unknown; payerMessage?: string; payeeNote?: string } & Partial<Record<'payer' | 'payee', { partyIdType?: unknown; partyId?: unknown }>>) | undefined;
  if (body === undefined) return { refused: { status: 400, body: { code: 'INVALID_JSON', message: 'Invalid body' } } };
  const partyId = body[party]?.partyId;
  if (typeof body.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount) || typeof body.currency !== 'string' || body[party]?.partyIdType !== 'MSISDN' || typeof partyId !== 'string' || !/^\d{8,15}$/.test(partyId)) {
    return { refused: { status: 400, body: { code: `INVALID_${party.toUpperCase()}`, message: `amount, currency and ${party} {partyIdType: MSISDN, partyId} are required` } } };
  }
  return { referenceId: ref, amount: body.amount, currency: body.currency, externalId: String(body.externalId ?? ''), partyId, payerMessage: body.payerMessage, payeeNote: body.payeeNote };
}

/** A PENDING request or transfer turns SUCCESSFUL (with MTN's transaction id) or FAILED (with `reason`). */
export function settleMtnSim(r: { status: 'PENDING' | 'SUCCESSFUL' | 'FAILED'; financialTransactionId?: string; reason?: string }, outcome: SimOutcome, reason: string): void {
  if (r.status !== 'PENDING') return;
  if (outcome === 'success') {
    r.status = 'SUCCESSFUL';
    r.financialTransactionId = String(Math.floor(1e9 + Math.random() * 9e9));
  } else {
    r.status = 'FAILED';
    r.reason = reason;
  }
}

export const MTN_SIM_NOT_FOUND: NonNullable<SimAnswer> = { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
