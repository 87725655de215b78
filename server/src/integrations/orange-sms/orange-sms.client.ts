/**
 * Client for the Orange SMS API (Middle East & Africa): OAuth2 client-credentials token, then
 * `POST /smsmessaging/v1/outbound/tel%3A%2B{sender}/requests`. Written against the documented API
 * (see shared/reference/integrations.md) and tested against orange-sms.simulator.ts.
 */

export interface OrangeSmsClientOptions {
  /** Default https://api.orange.com; the simulator's URL in tests and the demo. */
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Sender number with its country code, digits only (a leading '+' or 'tel:+' is tolerated). */
  senderAddress: string;
  /** Registered sender name shown on the phone; optional because Orange falls back to the number. */
  senderName?: string;
  /** Per-request timeout; default 10 s, because a hung provider must not hold an OTP request. */
  timeoutMs?: number;
  /** Clock in ms, injectable so tests can move past the token's lifetime without waiting. */
  now?: () => number;
  fetch?: typeof fetch;
}

export interface OrangeSmsSendResult {
  /** Where Orange says the request can be found, when it says so. */
  resourceUrl?: string;
}

export interface OrangeSmsClient {
  /** `to` is E.164 (+2250700000000). Resolves when Orange answered 201; throws otherwise. */
  sendSms(to: string, message: string): Promise<OrangeSmsSendResult>;
}

interface CachedToken {
  value: string;
  /** Instant (ms) after which we stop using it, ahead of the real expiry. */
  refreshAt: number;
}

const DEFAULT_BASE_URL = 'https://api.orange.com';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Renew this long before Orange's expiry so a token never dies between our check and its use. */
const EXPIRY_MARGIN_MS = 60_000;

export function createOrangeSmsClient(options: OrangeSmsClientOptions): OrangeSmsClient {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const sender = senderDigits(options.senderAddress);
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
  const secrets = [options.clientSecret, options.clientId, basic];

  let cached: CachedToken | undefined;
  // Concurrent sends share one token request instead of each asking Orange for its own.
  let pending: Promise<CachedToken> | undefined;

  async function request(what: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const reason =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `timed out after ${timeoutMs} ms`
          : `failed: ${err instanceof Error ? err.message : String(err)}`;
      throw new Error(redact(`Orange SMS ${what} ${reason}`, secrets));
    }
  }

  async function fetchToken(): Promise<CachedToken> {
    const res = await request('token request', `${baseUrl}/oauth/v3/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const text = await res.text();
    if (res.status !== 200) {
      throw new Error(redact(`Orange SMS token request failed: HTTP ${res.status} ${snippet(text)}`, secrets));
    }
    const body = parseJson(text) as { access_token?: unknown; expires_in?: unknown } | undefined;
    const value = typeof body?.access_token === 'string' ? body.access_token : '';
    // Orange documents expires_in as a string ("3600"); accept a number too.
    const expiresInS = Number(body?.expires_in);
    if (!value || !Number.isFinite(expiresInS) || expiresInS <= 0) {
      throw new Error('Orange SMS token request failed: HTTP 200 without a usable access_token/expires_in');
    }
    const lifetimeMs = expiresInS * 1000;
    const margin = Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2);
    return { value, refreshAt: now() + lifetimeMs - margin };
  }

  async function token(): Promise<string> {
    if (cached && now() < cached.refreshAt) return cached.value;
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    cached = await pending;
    return cached.value;
  }

  async function postSms(accessToken: string, to: string, message: string): Promise<Response> {
    const path = `/smsmessaging/v1/outbound/${encodeURIComponent(`tel:+${sender}`)}/requests`;
    const payload = {
      outboundSMSMessageRequest: {
        address: `tel:${to}`,
        senderAddress: `tel:+${sender}`,
        ...(options.senderName ? { senderName: options.senderName } : {}),
        outboundSMSTextMessage: { message },
      },
    };
    return request('send', `${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(payload),
    });
  }

  return {
    async sendSms(to, message) {
      if (!/^\+[1-9]\d{6,14}$/.test(to)) throw new Error('Orange SMS: recipient must be an E.164 number');
      let accessToken = await token();
      let res = await postSms(accessToken, to, message);
      if (res.status === 401) {
        // The token may have been revoked or expired early on Orange's side: renew once, retry once.
        await res.body?.cancel();
        if (cached?.value === accessToken) cached = undefined;
        accessToken = await token();
        res = await postSms(accessToken, to, message);
      }
      const text = await res.text();
      if (res.status !== 201) {
        throw new Error(
          redact(`Orange SMS send failed: HTTP ${res.status} ${snippet(text)}`, [...secrets, accessToken]),
        );
      }
      const body = parseJson(text) as
        | { outboundSMSMessageRequest?: { resourceURL?: unknown; resourceReference?: { resourceURL?: unknown } } }
        | undefined;
      const req = body?.outboundSMSMessageRequest;
      const url = req?.resourceURL ?? req?.resourceReference?.resourceURL;
      return typeof url === 'string' ? { resourceUrl: url } : {};
    },
  };
}

function senderDigits(raw: string): string {
  const digits = raw.replace(/^tel:/, '').replace(/^\+/, '');
  if (!/^\d{4,15}$/.test(digits)) {
    throw new Error('Orange SMS: senderAddress must be the sender number with its country code, digits only');
  }
  return digits;
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
