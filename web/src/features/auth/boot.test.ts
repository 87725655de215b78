import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionBoot, type BootEnv } from './boot.ts';
import { sessionStore } from './session.ts';

vi.mock('../../ui/toast.ts', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const token = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 900 })).replace(/=+$/, '')}.s`;
const session = { token, expires_in: 900, user_type: 'proprietaire', profile_id: 'p1', park_id: 'k1', has_pin_code: true };
const user = { id: 'u1', first_name: 'Awa', permissions: [] };
const answer = (status: number, code: number, data: unknown = null) =>
  new Response(JSON.stringify({ code, message: 'msg', data }), { status, headers: { 'Content-Type': 'application/json' } });

let calls: string[];
let cache: Map<string, unknown>;
function env(cookie: string): BootEnv {
  return { cookie, loadQueryClient: async () => ({ setQueryData: (key, data) => cache.set(JSON.stringify(key), data) }) };
}
function serve(handler: (path: string) => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return handler(url);
  });
}

beforeEach(() => {
  calls = [];
  cache = new Map();
  sessionStore.clear({ byUser: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('the session start', () => {
  it('without the hint cookie, is signed out at once without asking the server', async () => {
    serve(() => answer(200, 5000, session));
    await sessionBoot.start(env('other=1'));
    expect(calls).toEqual([]);
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(sessionBoot.getState()).toBe('ready');
  });

  it('with the hint, refreshes then puts the user in the query cache before saying ready', async () => {
    serve((url) => (url === '/api/refresh-token' ? answer(200, 5000, session) : answer(200, 5000, user)));
    await sessionBoot.start(env('flotte_session=1'));
    expect(calls).toEqual(['/api/refresh-token', '/api/user']);
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', profileId: 'p1' });
    expect(cache.get(JSON.stringify(['auth', 'user', 'p1']))).toEqual(user);
    expect(sessionBoot.getState()).toBe('ready');
  });

  it('is signed out when the server refuses the refresh', async () => {
    serve(() => answer(401, 401, null));
    await sessionBoot.start(env('flotte_session=1'));
    expect(calls).toEqual(['/api/refresh-token']);
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(sessionBoot.getState()).toBe('ready');
  });

  it('offers to try again when no answer came (not signed out)', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await sessionBoot.start(env('flotte_session=1'));
    expect(sessionBoot.getState()).toBe('offline');
    serve((url) => (url === '/api/refresh-token' ? answer(200, 5000, session) : answer(200, 5000, user)));
    await sessionBoot.start(env('flotte_session=1'));
    expect(sessionBoot.getState()).toBe('ready');
    expect(sessionStore.getState().status).toBe('signed-in');
  });
});
