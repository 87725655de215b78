import type { QueryClient } from '@tanstack/react-query';
import type { TUser } from '@flotte/contract';
import { screensFor, type Screen } from './route-preload.ts';

/**
 * The first data the current address's screen asks for, requested by the session's start
 * (features/auth/boot.ts) right after the refresh, beside GET /api/user, instead of after React's
 * render and the screen's chunk: the screen's useQuery then joins the request in flight or finds
 * the answer in the cache, under the same key (the prefetch uses the screen's own query options).
 *
 * A screen adds its entry to SCREEN_DATA, keyed by the screen route-preload.ts says the address
 * renders. Its code comes in a dynamic import, so the boot chunk (the sign-in page's) stays small.
 * A failed prefetch changes nothing: the query is left in error without data, and the screen's
 * useQuery asks again when it mounts.
 *
 * To avoid a 403 in the console for a profile that may not see the screen, an entry checks the
 * permissions this profile had when GET /api/user last answered (remembered in localStorage by
 * rememberAccess; not secret, the server still decides).
 */
export interface RouteDataContext {
  profileId: string;
  parkId: string | null;
  /** The acting profile's permissions when GET /api/user last answered, or null if unknown. */
  remembered: readonly string[] | null;
  /** GET /api/user in flight, for what depends on it (the park's time zone, ...). */
  user: Promise<TUser>;
  queryClient: Promise<Pick<QueryClient, 'prefetchQuery'>>;
}

type Prefetch = (ctx: RouteDataContext) => Promise<unknown>;

const SCREEN_DATA: Partial<Record<Screen, Prefetch>> = {
  // The home screen's fleet cards (VIEW_DASHBOARD), then, once the user says READ_FINANCE and the
  // park's time zone, the revenue chart as it first shows (by month, this year in the park).
  FleetDashboard: async ({ parkId, remembered, user, queryClient }) => {
    if (!parkId || !remembered?.includes('VIEW_DASHBOARD')) return;
    const { fleetDetailsQuery, firstRevenueEvolutionQuery } = await import('../features/fleet-dashboard/queries.ts');
    const client = await queryClient;
    const details = client.prefetchQuery(fleetDetailsQuery(parkId));
    const u = await user;
    return Promise.all([details, u.permissions.includes('READ_FINANCE') && client.prefetchQuery(firstRevenueEvolutionQuery(parkId, u))]);
  },
};

/** Starts the prefetches of the screens `pathname` renders for a signed-in person; never rejects. */
export function prefetchRouteData(pathname: string, ctx: RouteDataContext): Promise<unknown> {
  const runs = screensFor(pathname, true).map((screen) => SCREEN_DATA[screen]?.(ctx));
  return Promise.allSettled(runs);
}

export const ACCESS_STORAGE_KEY = 'flotte.access';

/** Remembers the acting profile's permissions for the next cold load's prefetches. */
export function rememberAccess(profileId: string, permissions: readonly string[]) {
  try {
    localStorage.setItem(ACCESS_STORAGE_KEY, JSON.stringify({ profileId, permissions }));
  } catch {
    /* without storage, no prefetch: the screens ask themselves */
  }
}

/** The permissions remembered for `profileId`, or null (another profile, or never seen). */
export function rememberedAccess(profileId: string): string[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(ACCESS_STORAGE_KEY) ?? 'null') as { profileId?: string; permissions?: unknown } | null;
    return stored?.profileId === profileId && Array.isArray(stored.permissions) ? (stored.permissions as string[]) : null;
  } catch {
    return null;
  }
}
