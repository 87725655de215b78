import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../features/auth/session.ts';
import { ApiError } from './api-error.ts';
import { apiRequest } from './client.ts';

const toastError = vi.fn();
vi.mock('../ui/toast.ts', () => ({ toast: { error: (m: string) => toastError(m), success: vi.fn() } }));

function jwt(expSeconds: number) {
  const payload = btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '');
  return `h.${payload}.s`;
}
const inMinutes = (m: number) => Math.floor(Date.now() / 1000) + m * 60;
const session = (token: string) => ({ token, expires_in: 900, user_type: 'proprietaire', profile_id: 'p1', park_id: 'k1', has_pin_code: true }) as const;
const answer = (status: number, code: number, data: unknown = null, message = 'msg') =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { url: string; init: RequestInit };
let calls: Call[];
let handler: (call: Call) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  toastError.mockReset();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return handler(call);
  });
  sessionStore.establish(session(jwt(inMinutes(15))));
});
afterEach(() => vi.unstubAllGlobals());

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

describe('apiRequest', () => {
  it('sends the web client headers and a cleaned JSON body, and unwraps data', async () => {
    handler = () => answer(200, 5000, { ok: 1 });
    await expect(apiRequest('/thing', { method: 'POST', body: { a: 'x', b: '', c: null } })).resolves.toEqual({ ok: 1 });
    const [call] = calls;
    expect(call.url).toBe('/api/thing');
    expect(header(call, 'x-flotte-client')).toBe('web');
    expect(header(call, 'authorization')).toMatch(/^Bearer h\./);
    expect(header(call, 'profile_id')).toBe('p1');
    expect(call.init.credentials).toBe('same-origin');
    expect(call.init.body).toBe('{"a":"x"}');
  });

  it('throws ApiError with field errors for a failure code', async () => {
    handler = () => answer(400, 4001, { errors: [{ field: 'credentials.email', message: "Format d'email invalide" }] }, 'Invalide');
    const error = await apiRequest('/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 4001, status: 400, message: 'Invalide' });
    expect((error as ApiError).fieldErrors[0].field).toBe('credentials.email');
  });

  it('refreshes once on 401 (one refresh for concurrent callers) and retries', async () => {
    const fresh = jwt(inMinutes(15) + 60);
    handler = ({ url, init }) => {
      if (url === '/api/refresh-token') return answer(200, 5000, session(fresh));
      const auth = new Headers(init.headers).get('authorization');
      return auth === `Bearer ${fresh}` ? answer(200, 5000, 'ok') : answer(401, 4012);
    };
    await expect(Promise.all([apiRequest('/a'), apiRequest('/b')])).resolves.toEqual(['ok', 'ok']);
    expect(calls.filter((c) => c.url === '/api/refresh-token')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/refresh-token')[0].init.body).toBe('{}');
  });

  it('refreshes before sending when the token expires within 20 seconds', async () => {
    sessionStore.establish(session(jwt(Math.floor(Date.now() / 1000) + 10)));
    handler = ({ url }) => (url === '/api/refresh-token' ? answer(200, 5000, session(jwt(inMinutes(15)))) : answer(200, 5000, 'ok'));
    await apiRequest('/a');
    expect(calls.map((c) => c.url)).toEqual(['/api/refresh-token', '/api/a']);
  });

  it('signs out with the spec message when the refresh is refused', async () => {
    handler = () => answer(401, 4013);
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 401 });
    expect(toastError).toHaveBeenCalledWith('Échec du rafraîchissement du token');
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(sessionStore.getToken()).toBeNull();
  });

  it('keeps the session on a malformed (400) or foreign (403) profile, without refreshing', async () => {
    for (const [status, code] of [[400, 4006], [403, 4033]]) {
      calls = [];
      handler = () => answer(status, code, null, 'Profil invalide.');
      await expect(apiRequest('/a')).rejects.toMatchObject({ status, code });
      expect(calls.map((c) => c.url)).toEqual(['/api/a']);
      expect(sessionStore.getState().status).toBe('signed-in');
    }
  });

  it('does not refresh a 401 of a call made without a token (wrong credentials)', async () => {
    sessionStore.clear();
    handler = () => answer(401, 4014, null, 'Identifiant ou mot de passe incorrect.');
    await expect(apiRequest('/login', { method: 'POST', body: {} })).rejects.toMatchObject({ message: 'Identifiant ou mot de passe incorrect.' });
    expect(calls).toHaveLength(1);
  });

  it('logs a 5011 notice and marks the error as a notice', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    handler = () => answer(200, 5011, null, 'Rien à faire');
    const error = (await apiRequest('/a').catch((e: unknown) => e)) as ApiError;
    expect(error.isNotice).toBe(true);
    expect(info).toHaveBeenCalled();
  });

  it('reports a network failure without signing out', async () => {
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 0 });
    expect(sessionStore.getState().status).toBe('signed-in');
  });

  it('sends money calls with one Idempotency-Key and resends it when the answer is lost', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let attempt = 0;
      handler = () => {
        attempt += 1;
        if (attempt < 3) throw new TypeError('Failed to fetch');
        return answer(200, 5000, { id: 'op1' });
      };
      const pending = apiRequest('/caisse/transfer', { method: 'POST', body: { amount: 500 }, idempotent: true });
      await vi.runAllTimersAsync();
      await expect(pending).resolves.toEqual({ id: 'op1' });
      const keys = calls.map((c) => header(c, 'idempotency-key'));
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(keys).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never resends other calls, nor a money call the server answered', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(apiRequest('/vehicle', { method: 'POST', body: {} })).rejects.toMatchObject({ isNetwork: true });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], 'idempotency-key')).toBeNull();

    calls = [];
    handler = () => answer(409, 4300, null, 'Solde insuffisant pour cette opération');
    await expect(apiRequest('/caisse/transfer', { method: 'POST', body: {}, idempotent: true })).rejects.toMatchObject({ code: 4300 });
    expect(calls).toHaveLength(1);
  });
});
