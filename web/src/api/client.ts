import type { TSession } from '@flotte/contract';
import { INTERNAL_ERROR, NOTICE_CODE, REFRESH_FAILED, SUCCESS_CODE, type ApiEnvelope, type FieldError } from '@flotte/contract/envelope';
import { WEB_CLIENT_HEADER } from '@flotte/contract/constants';
import { sessionStore } from '../features/auth/session.ts';
import { toast } from '../ui/toast.ts';
import { ApiError } from './api-error.ts';
import { cleanBody } from '@flotte/contract/clean-body';

/**
 * The one HTTP client. It adds the headers, unwraps the `{code, message, data}` envelope,
 * refreshes the access token before it expires and once after a 401, and signs out when the
 * refresh itself is refused.
 */
export const API_ROOT = '/api';
export const REFRESH_FAILED_MESSAGE = REFRESH_FAILED.message; // 'Échec du rafraîchissement du token'

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * A money call the server makes idempotent: the request carries an Idempotency-Key, and when
   * the answer is lost on the network it is sent again with the same key (the server then answers
   * the first result instead of moving the money twice).
   */
  idempotent?: boolean;
  /** Set by apiRequest: one key for every attempt of one call. */
  idempotencyKey?: string;
  /** A file (a contract's PDF): a success answers its body as a Blob; a failure is still the envelope. */
  blob?: boolean;
}

/** Attempts of an idempotent call whose answer never came back, and the pause before each retry. */
export const IDEMPOTENT_RETRY_DELAYS_MS = [1_000, 3_000];

function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_ROOT}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

/** One round trip, no retry logic. `withToken: false` is for the refresh call itself. */
async function send<T>(path: string, options: RequestOptions, withToken = true): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', [WEB_CLIENT_HEADER]: 'web' });
  const token = sessionStore.getToken();
  if (withToken && token) headers.set('Authorization', `Bearer ${token}`);
  const profileId = sessionStore.getProfileId();
  if (profileId) headers.set('profile_id', profileId);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(cleanBody(options.body));
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin', // carries the httpOnly refresh cookie, nothing cross-site
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw ApiError.network();
  }

  if (options.blob && response.ok && !response.headers.get('Content-Type')?.includes('application/json')) return (await response.blob()) as T;

  let envelope: ApiEnvelope<T> & { data: unknown };
  try {
    envelope = await response.json();
  } catch {
    throw ApiError.unreadable(response.status);
  }
  if (!envelope || typeof envelope.code !== 'number') throw ApiError.unreadable(response.status);
  if (envelope.code === SUCCESS_CODE) return envelope.data as T;
  if (envelope.code === NOTICE_CODE) console.info('[Flotte] notice 5011:', envelope.message);

  const details = envelope.data as { errors?: FieldError[] } | null;
  throw new ApiError({
    code: envelope.code,
    status: response.status,
    message: envelope.message || INTERNAL_ERROR.message,
    fieldErrors: Array.isArray(details?.errors) ? details.errors : [],
  });
}

let refreshInFlight: Promise<TSession> | null = null;

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers in this tab share one
 * promise; across tabs a Web Lock serialises refreshes, because refresh tokens rotate and a
 * reused one revokes the whole family (two tabs racing would sign the person out).
 */
export function refreshSession(): Promise<TSession> {
  refreshInFlight ??= (async () => {
    const run = () => send<TSession>('/refresh-token', { method: 'POST', body: {} }, false);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined; // absent on old browsers
    const session = locks ? await locks.request('flotte-refresh', run) : await run();
    sessionStore.establish(session);
    return session;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Refresh for a call in progress. When the server refuses (not a network blip), the session is
 * over: clear it and say so; the route guard then sends the person to /auth/login.
 */
async function refreshOrSignOut(): Promise<void> {
  try {
    await refreshSession();
  } catch (error) {
    if (error instanceof ApiError && !error.isNetwork) {
      if (sessionStore.getState().status === 'signed-in') toast.error(REFRESH_FAILED_MESSAGE);
      sessionStore.clear();
      throw new ApiError({ ...REFRESH_FAILED, message: REFRESH_FAILED_MESSAGE });
    }
    throw error;
  }
}

/** Calls the API and returns the envelope's `data`; throws ApiError on any other code. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // Spec: a token is valid only while its expiry is more than 20 s away, so refresh first.
  if (sessionStore.tokenNeedsRefresh()) await refreshOrSignOut();
  const carriedToken = sessionStore.getToken() !== null;
  const call: RequestOptions = options.idempotent ? { ...options, idempotencyKey: options.idempotencyKey ?? crypto.randomUUID() } : options;
  try {
    return await sendRetryingLostAnswers<T>(path, call);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !carriedToken) throw error;
    await refreshOrSignOut();
    return sendRetryingLostAnswers<T>(path, call); // one retry only
  }
}

/** An idempotent call is sent again (same key) when no answer came back; others once. */
async function sendRetryingLostAnswers<T>(path: string, options: RequestOptions): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send<T>(path, options);
    } catch (error) {
      const lost = error instanceof ApiError && error.isNetwork && !options.signal?.aborted;
      if (!options.idempotencyKey || !lost || attempt >= IDEMPOTENT_RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, IDEMPOTENT_RETRY_DELAYS_MS[attempt]));
    }
  }
}

/** Options of a money call: an Idempotency-Key, and safe retries when the answer is lost. */
export const IDEMPOTENT = { idempotent: true } as const;

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'GET', query, signal }),
  post: <T>(path: string, body: unknown = {}, opts: Pick<RequestOptions, 'idempotent'> = {}) => apiRequest<T>(path, { method: 'POST', body, ...opts }),
  put: <T>(path: string, body: unknown = {}, opts: Pick<RequestOptions, 'idempotent'> = {}) => apiRequest<T>(path, { method: 'PUT', body, ...opts }),
  delete: <T>(path: string, query?: RequestOptions['query'], opts: Pick<RequestOptions, 'idempotent' | 'body'> = {}) =>
    apiRequest<T>(path, { method: 'DELETE', query, ...opts }),
  /** A file the API sends (with the session's headers, which a bare link could not carry). */
  blob: (path: string, signal?: AbortSignal) => apiRequest<Blob>(path, { method: 'GET', blob: true, signal }),
};
