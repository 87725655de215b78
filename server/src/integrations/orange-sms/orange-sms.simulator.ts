/**
 * Loopback simulator of the Orange SMS API: the OAuth token endpoint and the outbound SMS endpoint,
 * with the same status codes and body shapes as the real service, so the real client can be tested
 * (and the demo can run) without reaching api.orange.com.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { readBody, sendJson } from '../simulator-http.ts';

export interface OrangeSmsSimulatorOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of issued tokens; the real service gives 3600 s. Short values test renewal. */
  tokenTtlSeconds?: number;
}

export interface OrangeSmsReceived {
  address: string;
  senderAddress: string;
  senderName?: string;
  message: string;
}

export interface OrangeSmsSimulator {
  url: string;
  clientId: string;
  clientSecret: string;
  messages: OrangeSmsReceived[];
  /** How many tokens the token endpoint has issued. */
  readonly tokensIssued: number;
  /** The next send request answers this status (401 included) instead of being processed. */
  failNext(status: number): void;
  /** The next send request gets no answer for this long, to exercise client timeouts. */
  stallNext(ms: number): void;
  /** Invalidates every token issued so far, as if Orange had revoked or expired them. */
  expireTokens(): void;
  close(): Promise<void>;
}

const SEND_PATH = /^\/smsmessaging\/v1\/outbound\/([^/]+)\/requests$/;

export async function startOrangeSmsSimulator(options: OrangeSmsSimulatorOptions = {}): Promise<OrangeSmsSimulator> {
  const clientId = options.clientId ?? 'sim-orange-client';
  const clientSecret = options.clientSecret ?? 'sim-orange-secret';
  const ttlSeconds = options.tokenTtlSeconds ?? 3600;
  const expectedBasic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  /** token -> expiry instant (ms). */
  const tokens = new Map<string, number>();
  const messages: OrangeSmsReceived[] = [];
  let tokensIssued = 0;
  let failStatus: number | undefined;
  let stallMs: number | undefined;
  let baseUrl = '';

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => sendJson(res, 500, { error: 'simulator_error' }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;

    if (req.method === 'POST' && path === '/oauth/v3/token') {
      if (req.headers.authorization !== expectedBasic) {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'The requested service needs credentials, but the ones provided were invalid.' });
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
      }
      const token = randomBytes(18).toString('base64url');
      tokens.set(token, Date.now() + ttlSeconds * 1000);
      tokensIssued += 1;
      // Orange sends expires_in as a string.
      return sendJson(res, 200, { token_type: 'Bearer', access_token: token, expires_in: String(ttlSeconds) });
    }

    const match = req.method === 'POST' ? SEND_PATH.exec(path) : null;
    if (!match) return sendJson(res, 404, { code: 60, message: 'Resource not found', description: `${req.method} ${path}` });

    if (stallMs !== undefined) {
      const ms = stallMs;
      stallMs = undefined;
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (res.destroyed) return;
    }
    if (failStatus !== undefined) {
      const status = failStatus;
      failStatus = undefined;
      return sendJson(res, status, failureBody(status));
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined) {
      return sendJson(res, 401, { code: 42, message: 'Invalid credentials', description: 'The requested service needs credentials, but the ones provided were invalid.' });
    }
    if (Date.now() >= expiry) {
      return sendJson(res, 401, { code: 42, message: 'Expired credentials', description: 'The requested service needs credentials, and the ones provided were out-of-date.' });
    }

    const parsed = parseSmsRequest(body);
    const pathSender = decodeURIComponent(match[1]);
    if (typeof parsed === 'string') return sendJson(res, 400, serviceException('SVC0002', parsed));
    if (parsed.senderAddress !== pathSender) {
      return sendJson(res, 400, serviceException('SVC0002', 'senderAddress does not match the address in the URL'));
    }
    messages.push(parsed);
    const resourceURL = `${baseUrl}/smsmessaging/v1/outbound/${match[1]}/requests/${randomUUID()}`;
    return sendJson(res, 201, {
      outboundSMSMessageRequest: {
        address: [parsed.address],
        senderAddress: parsed.senderAddress,
        ...(parsed.senderName ? { senderName: parsed.senderName } : {}),
        outboundSMSTextMessage: { message: parsed.message },
        resourceURL,
      },
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    messages,
    get tokensIssued() {
      return tokensIssued;
    },
    failNext(status) {
      failStatus = status;
    },
    stallNext(ms) {
      stallMs = ms;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Clients keep connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      });
    },
  };
}

/** Returns the message, or a description of what is wrong with the body. */
function parseSmsRequest(body: string): OrangeSmsReceived | string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'body is not valid JSON';
  }
  const req = (json as { outboundSMSMessageRequest?: Record<string, unknown> } | null)?.outboundSMSMessageRequest;
  if (!req || typeof req !== 'object') return 'outboundSMSMessageRequest is missing';
  const { address, senderAddress, senderName, outboundSMSTextMessage } = req as {
    address?: unknown;
    senderAddress?: unknown;
    senderName?: unknown;
    outboundSMSTextMessage?: { message?: unknown };
  };
  if (typeof address !== 'string' || !/^tel:\+\d{7,15}$/.test(address)) return 'address must be tel:+<digits>';
  if (typeof senderAddress !== 'string' || !/^tel:\+\d{4,15}$/.test(senderAddress)) {
    return 'senderAddress must be tel:+<digits>';
  }
  if (senderName !== undefined && typeof senderName !== 'string') return 'senderName must be a string';
  const message = outboundSMSTextMessage?.message;
  if (typeof message !== 'string' || message.length === 0) return 'outboundSMSTextMessage.message is missing';
  return { address, senderAddress, ...(senderName ? { senderName } : {}), message };
}

function serviceException(messageId: string, text: string): object {
  return { requestError: { serviceException: { messageId, text, variables: text } } };
}

function failureBody(status: number): object {
  if (status === 401) return { code: 42, message: 'Expired credentials', description: 'Simulated failure' };
  if (status === 400) return serviceException('SVC0002', 'Simulated failure');
  return { code: 1, message: 'Internal error', description: `Simulated HTTP ${status}` };
}
