import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TUser } from '@flotte/contract';
import { prefetchRouteData, rememberAccess, rememberedAccess, type RouteDataContext } from './route-data.ts';
import { fleetDashboardKeys } from '../features/fleet-dashboard/queries.ts';

vi.mock('../ui/toast.ts', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const details = { vehicles: 3 };
const evolution = { total: 10, currency: 'XOF', points: [] };
const user = (permissions: string[]) => ({ id: 'u1', first_name: 'Awa', permissions, parks: [{ id: 'k1', name: 'Parc', time_zone: 'Africa/Abidjan' }] }) as unknown as TUser;
const answer = (status: number, code: number, data: unknown = null) =>
  new Response(JSON.stringify({ code, message: 'msg', data }), { status, headers: { 'Content-Type': 'application/json' } });

let calls: string[];
let client: QueryClient;
function serve(handler: (url: string) => Response) {
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return handler(url);
  });
}
function ctx(over: Partial<RouteDataContext> = {}): RouteDataContext {
  return { profileId: 'p1', parkId: 'k1', remembered: ['VIEW_DASHBOARD'], user: Promise.resolve(user(['VIEW_DASHBOARD'])), queryClient: Promise.resolve(client), ...over };
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
  serve((url) => (url.startsWith('/api/dashboard/fleet/details') ? answer(200, 5000, details) : answer(200, 5000, evolution)));
});
afterEach(() => vi.unstubAllGlobals());

describe('the data of the address being opened', () => {
  it('puts the home screen fleet figures in the cache under the screen key', async () => {
    await prefetchRouteData('/dashboard', ctx());
    expect(calls).toEqual(['/api/dashboard/fleet/details']);
    expect(client.getQueryData(fleetDashboardKeys.details('k1'))).toEqual(details);
  });

  it('adds the revenue chart as it first shows when the user may read the finances', async () => {
    await prefetchRouteData('/dashboard', ctx({ user: Promise.resolve(user(['VIEW_DASHBOARD', 'READ_FINANCE'])) }));
    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Abidjan', year: 'numeric' }).format(new Date()));
    expect(calls).toContain(`/api/dashboard/park/revenue/evolution?graph=month&year=${year}`);
    expect(client.getQueryData(fleetDashboardKeys.evolution('k1', 'month', year))).toEqual(evolution);
  });

  it('asks nothing for a profile not remembered with VIEW_DASHBOARD, without a park, or for another screen', async () => {
    await prefetchRouteData('/dashboard', ctx({ remembered: null }));
    await prefetchRouteData('/dashboard', ctx({ remembered: ['READ_FINANCE'] }));
    await prefetchRouteData('/dashboard', ctx({ parkId: null }));
    await prefetchRouteData('/dashboard/access', ctx());
    expect(calls).toEqual([]);
  });

  it('a refused prefetch leaves no data and does not reject (the screen asks again)', async () => {
    serve(() => answer(403, 403));
    await expect(prefetchRouteData('/dashboard', ctx({ user: Promise.reject(new Error('offline')) }))).resolves.toBeDefined();
    expect(client.getQueryData(fleetDashboardKeys.details('k1'))).toBeUndefined();
  });

  it('remembers the permissions per profile', () => {
    expect(rememberedAccess('p1')).toBeNull();
    rememberAccess('p1', ['VIEW_DASHBOARD']);
    expect(rememberedAccess('p1')).toEqual(['VIEW_DASHBOARD']);
    expect(rememberedAccess('p2')).toBeNull();
  });
});
