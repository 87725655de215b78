/**
 * Loopback simulator of Twilio's Messages endpoint, with Twilio's status codes and error bodies, so
 * the real client can be tested (and the demo can run) without reaching api.twilio.com.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readBody, sendJson } from '../simulator-http.ts';

export interface TwilioSimulatorOptions {
  port?: number;
  accountSid?: string;
  authToken?: string;
}

export interface TwilioReceived {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface TwilioSimulator {
  url: string;
  accountSid: string;
  authToken: string;
  messages: TwilioReceived[];
  /** The next request answers this status with a Twilio-style error body. */
  failNext(status: number): void;
  /** The next request gets no answer for this long, to exercise client timeouts. */
  stallNext(ms: number): void;
  close(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

export async function startTwilioSimulator(options: TwilioSimulatorOptions = {}): Promise<TwilioSimulator> {
  const accountSid = options.accountSid ?? `AC${'0'.repeat(32)}`;
  const authToken = options.authToken ?? 'sim-twilio-auth-token';
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const messages: TwilioReceived[] = [];
  let failStatus: number | undefined;
  let stallMs: number | undefined;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => sendJson(res, 500, twilioError(500, 20500, 'Internal Server Error')));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const match = MESSAGES_PATH.exec(path);
    if (req.method !== 'POST' || !match) {
      return sendJson(res, 404, twilioError(404, 20404, 'The requested resource was not found'));
    }
    if (stallMs !== undefined) {
      const ms = stallMs;
      stallMs = undefined;
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (res.destroyed) return;
    }
    if (failStatus !== undefined) {
      const status = failStatus;
      failStatus = undefined;
      return sendJson(res, status, twilioError(status, 20500, 'Simulated failure'));
    }
    if (req.headers.authorization !== expectedAuth || decodeURIComponent(match[1]) !== accountSid) {
      return sendJson(res, 401, twilioError(401, 20003, 'Authenticate'));
    }
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!to) return sendJson(res, 400, twilioError(400, 21604, "A 'To' phone number is required."));
    if (!from) return sendJson(res, 400, twilioError(400, 21603, "A 'From' phone number is required."));
    if (!body) return sendJson(res, 400, twilioError(400, 21602, 'Message body is required.'));
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return sendJson(res, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    }

    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from, body });
    const now = new Date().toUTCString();
    return sendJson(res, 201, {
      sid,
      account_sid: accountSid,
      status: 'queued',
      to,
      from,
      body,
      direction: 'outbound-api',
      num_segments: '1',
      date_created: now,
      date_updated: now,
      api_version: '2010-04-01',
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    failNext(status) {
      failStatus = status;
    },
    stallNext(ms) {
      stallMs = ms;
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

function twilioError(status: number, code: number, message: string): object {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}
