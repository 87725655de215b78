import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionBoot, type BootEnv } from './boot.ts';
import { sessionStore } from './session.ts';
import { QueryClient } from '@tanstack/react-query';
import { rememberAccess } from '../../app/route-data.ts';

vi.mock('../../ui/toast.ts', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const token = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 900 })).replace(/=+$/, '')}.s`;
const session = { token, expires_in: 900, user_type: 'proprietaire', profile_id: 'p1', park_id: 'k1', has_pin_code: true };
const user = { id: 'u1', first_name: 'Awa', permissions: [] };
const answer = (status: number, code: number, data: unknown = null) =>
  new Response(JSON.stringify({ code, message: 'msg', data }), { status, headers: { 'Content-Type': 'application/json' } });

let calls: string[];
let client: QueryClient;
function env(cookie: string, pathname = '/dashboard/account'): BootEnv {
  return { cookie, pathname, loadQueryClient: async () => client };
}
function serve(handler: (path: string) => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return handler(url);
  });
}

beforeEach(() => {
  calls = [];
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
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
    expect(client.getQueryData(['auth', 'user', 'p1'])).toEqual(user);
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

  it('asks for the home screen figures beside the user, for a profile remembered with VIEW_DASHBOARD', async () => {
    rememberAccess('p1', ['VIEW_DASHBOARD']);
    serve((url) => (url === '/api/refresh-token' ? answer(200, 5000, session) : url === '/api/user' ? answer(200, 5000, user) : answer(200, 5000, { vehicles: 2 })));
    await sessionBoot.start(env('flotte_session=1', '/dashboard'));
    await vi.waitFor(() => expect(client.getQueryData(['fleet-dashboard', 'details', 'k1'])).toEqual({ vehicles: 2 }));
    expect(calls).toEqual(['/api/refresh-token', '/api/user', '/api/dashboard/fleet/details']);
  });

  it('does not ask for them before the PIN step, nor for a profile not known to see them (and then remembers it)', async () => {
    rememberAccess('p1', ['VIEW_DASHBOARD']);
    serve(() => answer(200, 5000, { ...session, has_pin_code: false }));
    await sessionBoot.start(env('flotte_session=1', '/dashboard'));
    expect(calls).toEqual(['/api/refresh-token']);

    rememberAccess('p1', []);
    calls = [];
    serve((url) => (url === '/api/refresh-token' ? answer(200, 5000, session) : answer(200, 5000, { ...user, permissions: ['VIEW_DASHBOARD'] })));
    await sessionBoot.start(env('flotte_session=1', '/dashboard'));
    expect(calls).toEqual(['/api/refresh-token', '/api/user']);
    expect(JSON.parse(localStorage.getItem('flotte.access')!)).toEqual({ profileId: 'p1', permissions: ['VIEW_DASHBOARD'] });
  });

  it('a refused prefetch changes nothing of the start', async () => {
    rememberAccess('p1', ['VIEW_DASHBOARD']);
    serve((url) => (url === '/api/refresh-token' ? answer(200, 5000, session) : url === '/api/user' ? answer(200, 5000, user) : answer(403, 403)));
    await sessionBoot.start(env('flotte_session=1', '/dashboard'));
    expect(sessionBoot.getState()).toBe('ready');
    expect(client.getQueryData(['auth', 'user', 'p1'])).toEqual(user);
    await vi.waitFor(() => expect(client.getQueryState(['fleet-dashboard', 'details', 'k1'])?.status).toBe('error'));
    expect(client.getQueryData(['fleet-dashboard', 'details', 'k1'])).toBeUndefined();
  });
});
