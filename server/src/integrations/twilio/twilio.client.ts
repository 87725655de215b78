/**
 * Client for Twilio's Programmable Messaging API:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, Basic auth, form-encoded To/From/Body.
 * Tested against twilio.simulator.ts.
 */

export interface TwilioClientOptions {
  /** Default https://api.twilio.com; the simulator's URL in tests and the demo. */
  baseUrl?: string;
  accountSid: string;
  authToken: string;
  /** Sending number (E.164) or alphanumeric sender / Messaging Service SID, as the account allows. */
  from: string;
  /** Per-request timeout; default 10 s, because a hung provider must not hold an OTP request. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface TwilioSendResult {
  sid: string;
  status: string;
}

export interface TwilioClient {
  /** `to` is E.164. Resolves when Twilio answered 201; throws otherwise. */
  sendSms(to: string, body: string): Promise<TwilioSendResult>;
}

const DEFAULT_BASE_URL = 'https://api.twilio.com';
const DEFAULT_TIMEOUT_MS = 10_000;

export function createTwilioClient(options: TwilioClientOptions): TwilioClient {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const basic = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  // The account SID appears in the URL and in Twilio's answers; only the token is secret.
  const secrets = [options.authToken, basic];
  const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;

  return {
    async sendSms(to, body) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Basic ${basic}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: options.from, Body: body }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const reason =
          err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
            ? `timed out after ${timeoutMs} ms`
            : `failed: ${err instanceof Error ? err.message : String(err)}`;
        throw new Error(redact(`Twilio send ${reason}`, secrets));
      }
      const text = await res.text();
      const json = parseJson(text) as { sid?: unknown; status?: unknown; code?: unknown; message?: unknown } | undefined;
      if (res.status !== 201) {
        // Twilio errors carry a numeric code (21211 invalid To, 20003 auth...) worth keeping for support.
        const detail =
          json && typeof json.message === 'string'
            ? `${json.code !== undefined ? `code ${String(json.code)}: ` : ''}${json.message}`
            : snippet(text);
        throw new Error(redact(`Twilio send failed: HTTP ${res.status} ${detail}`, secrets));
      }
      if (typeof json?.sid !== 'string') throw new Error('Twilio send failed: HTTP 201 without a message sid');
      return { sid: json.sid, status: typeof json.status === 'string' ? json.status : 'unknown' };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Keeps errors readable in logs without dumping a whole HTML error page. */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

/** Errors end up in logs; a provider that echoes what we sent must not leak credentials there. */
function redact(message: string, secrets: string[]): string {
  let out = message;
  for (const secret of secrets) {
    // Very short values would mangle ordinary words and are not worth hiding.
    if (secret.length >= 4) out = out.split(secret).join('***');
  }
  return out;
}
