import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson } from '../../integrations/simulator-http.ts';

/**
 * What the payment simulators share: a loopback HTTP server, body reading, JSON answers, and the
 * test levers every simulator offers (an HTTP failure, a stall, or a request taken and then left
 * unanswered, the "crash after the call" case).
 */

export type SimOutcome = 'success' | 'failed';

export interface SimLevers {
  /** The next request answers this HTTP status instead of being processed. */
  failNext(status: number): void;
  /** The next request gets no answer for this long (client timeouts). */
  stallNext(ms: number): void;
  /** The next payout is taken (recorded, will be paid) but its connection is cut before the answer. */
  dropNext(): void;
  close(): Promise<void>;
}

/** Payouts to numbers ending in 0000 are refused by every simulator (the demo's and tests' failing number). */
export const SIM_FAILING_SUFFIX = '0000';

export function simOutcomeFor(msisdn: string): SimOutcome {
  return msisdn.endsWith(SIM_FAILING_SUFFIX) ? 'failed' : 'success';
}

export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** `html`: a page (the collection simulators' payment pages); `redirect`: a 303 to that location. */
export type SimAnswer = { status: number; body?: unknown; drop?: boolean; html?: string; redirect?: string } | null;

export interface SimServer {
  url: string;
  levers: Omit<SimLevers, 'close'>;
  /** True once per dropNext(): the handler calls it when it has taken a payout. */
  takeDrop(): boolean;
  close(): Promise<void>;
}

export async function startSimServer(port: number | undefined, handle: (req: SimRequest) => Promise<SimAnswer>): Promise<SimServer> {
  let failStatus: number | undefined;
  let stallMs: number | undefined;
  let drop = false;
  const server: Server = createServer((req, res) => {
    void serve(req, res).catch(() => sendJson(res, 500, { error: 'simulator_error' }));
  });

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (stallMs !== undefined) {
      const ms = stallMs;
      stallMs = undefined;
      await new Promise((r) => setTimeout(r, ms));
      if (res.destroyed) return;
    }
    if (failStatus !== undefined) {
      const status = failStatus;
      failStatus = undefined;
      return sendJson(res, status, { code: status, message: `Simulated HTTP ${status}` });
    }
    const answer = await handle({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
    if (!answer) return sendJson(res, 404, { code: 404, message: `No route ${req.method} ${url.pathname}` });
    if (answer.drop) {
      req.socket.destroy();
      return;
    }
    if (answer.redirect !== undefined) {
      res.writeHead(303, { location: answer.redirect, 'content-length': 0 });
      res.end();
      return;
    }
    if (answer.html !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(answer.html) });
      res.end(answer.html);
      return;
    }
    if (answer.body === undefined) {
      res.writeHead(answer.status, { 'content-length': 0 });
      res.end();
      return;
    }
    sendJson(res, answer.status, answer.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    levers: {
      failNext: (status) => void (failStatus = status),
      stallNext: (ms) => void (stallMs = ms),
      dropNext: () => void (drop = true),
    },
    takeDrop() {
      const d = drop;
      drop = false;
      return d;
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

/** A timer that finalizes a pending payout later, without keeping the process alive. */
export function later(ms: number, work: () => void): void {
  setTimeout(work, ms).unref();
}

/** A request's JSON body; undefined when it is not JSON (each simulator answers that its own way). */
export function jsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Gives a simulator its server's URL, levers and close(), once the server listens. */
export function attachSimServer<S extends SimLevers & { url: string }>(sim: S, server: SimServer): S {
  sim.url = server.url;
  Object.assign(sim, server.levers);
  sim.close = server.close;
  return sim;
}
