import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Keep a caller's X-Request-Id when it looks sane (a proxy's), so logs join up; else make one. */
export function requestId(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  const v = Array.isArray(h) ? h[0] : h;
  return v && /^[\w.-]{8,64}$/.test(v) ? v : randomUUID();
}

/** Never log secrets: tokens, cookies, passwords, codes. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.otp',
  '*.refresh_token',
];
