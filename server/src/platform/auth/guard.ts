import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@flotte/contract';
import { AppError } from '../errors.ts';
import { UUID_PATTERN } from '../ids.ts';
import { verifyAccessToken } from './access-token.ts';
import type { ActingProfile, AuthContext } from './auth-context.ts';

/** How long a verified PIN unlocks sensitive actions. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

export interface CallerLookup {
  /**
   * One round trip: the session (must stand, and belong to the user), the user (must be enabled)
   * and, when asked, the profile (must belong to the same user) with its permissions.
   */
  loadCaller(q: { userId: string; sessionId: string; profileId: string | null; withUser?: boolean }): Promise<{
    pinVerifiedAt: Date | null;
    sessionProfileId: string | null;
    profile: ActingProfile | null;
    /** With `withUser`: what the route asked to be brought along (kept as AuthContext.user). */
    user?: unknown;
  } | null>;
}

const PARK_KEYS = ['park_id', 'parkID', 'parkId'] as const;

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return null;
  return h.slice(7).trim() || null;
}

function headerProfileId(request: FastifyRequest): string | null {
  const v = request.headers.profile_id ?? request.headers['profile-id'];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : null;
}

/** Every park id the request names in its path, query or body. */
function namedParkIds(request: FastifyRequest): string[] {
  const out: string[] = [];
  for (const source of [request.params, request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const k of PARK_KEYS) {
      const v = (source as Record<string, unknown>)[k];
      if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
    }
  }
  return out;
}

/** Throws unless the acting profile's park is the one named (a park_id of another park is refused). */
export function assertSamePark(profile: ActingProfile, parkId: string | undefined | null): void {
  if (parkId != null && parkId !== '' && parkId !== profile.parkId) throw new AppError('PARK_MISMATCH');
}

export function hasPermission(profile: ActingProfile | null, p: Permission): boolean {
  return !!profile && (profile.isOwner || profile.permissions.has(p));
}

/**
 * The level a route asks for: its `auth` config, else 'profile' for API routes. Pages and assets
 * of the web app and the OpenAPI pages are public.
 */
function levelOf(request: FastifyRequest): 'public' | 'user' | 'profile' {
  const configured = request.routeOptions.config?.auth;
  if (configured) return configured;
  const url = request.routeOptions.url ?? '';
  return url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'profile' : 'public';
}

/**
 * Authenticates every route by its config: `auth` (default 'profile'), `permission`, `stepUp`
 * (`withUser`: the caller lookup also brings what GET /api/user answers, in the same statement).
 * Authentication runs before the body is read; the park and permission checks once it is parsed
 * and cleaned. Multipart fields are read by the handler, which checks them with assertSamePark.
 */
export function registerAuthGuard(app: FastifyInstance, deps: { jwtSecret: Uint8Array; lookup: CallerLookup }): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const level = levelOf(request);
    if (level === 'public' || !request.routeOptions.url) return;
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const claims = await verifyAccessToken(deps.jwtSecret, token);
    const askedProfile = headerProfileId(request);
    if (level === 'profile' && !askedProfile) throw new AppError('PROFILE_REQUIRED');
    // A malformed header is the client's mistake, not an ended session: 400, never 401 (a 401
    // makes the web client refresh and sign out). A well-formed one not the caller's is a 403.
    if (askedProfile && !UUID_PATTERN.test(askedProfile)) throw new AppError('PROFILE_INVALID');
    const caller = await deps.lookup.loadCaller({
      userId: claims.userId,
      sessionId: claims.sessionId,
      profileId: askedProfile,
      withUser: request.routeOptions.config?.withUser === true,
    });
    if (!caller) throw new AppError('TOKEN_INVALID');
    if (askedProfile && !caller.profile) throw new AppError('PROFILE_NOT_YOURS');
    const auth: AuthContext = {
      userId: claims.userId,
      sessionId: claims.sessionId,
      loginType: claims.loginType,
      pinVerifiedAt: caller.pinVerifiedAt,
      profile: caller.profile,
    };
    if (caller.user !== undefined) auth.user = caller.user;
    request.auth = auth;
  });

  // Before validation, so a park_id the schema would strip is still seen, and a caller without the
  // permission learns nothing from validation errors.
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config ?? {};
    if (levelOf(request) === 'public' || !request.auth) return;
    const profile = request.auth.profile;
    assertDriverBoundary(request, config.driver === true);
    if (profile) for (const parkId of namedParkIds(request)) assertSamePark(profile, parkId);
    const needed = config.permission ? ([] as Permission[]).concat(config.permission) : [];
    for (const p of needed) {
      if (!hasPermission(profile, p)) throw new AppError('FORBIDDEN');
    }
    if (config.stepUp) {
      const at = request.auth.pinVerifiedAt;
      if (!at || Date.now() - at.getTime() > STEP_UP_WINDOW_MS) throw new AppError('STEP_UP_REQUIRED');
    }
  });
}

/**
 * Drivers see only their own space (issue 22): a 'profile' route marked `driver` takes only a
 * profile of type 'driver', and every other 'profile' route refuses one. A session opened through
 * the driver's sign-in (a code to his phone, no password) acts only as a driver, even with the
 * header naming another profile of the same person. 'user' routes (his user, PIN, profiles) stay
 * open to him.
 */
function assertDriverBoundary(request: FastifyRequest, driverRoute: boolean): void {
  if (levelOf(request) !== 'profile') return;
  const auth = request.auth!;
  const isDriver = auth.profile?.type === 'driver';
  if (driverRoute !== isDriver) throw new AppError('FORBIDDEN');
  if (!driverRoute && auth.loginType === 'driver') throw new AppError('FORBIDDEN');
}

/** The acting profile of a 'profile' route (the guard guarantees it). */
export function actingProfile(request: FastifyRequest): ActingProfile {
  const p = request.auth?.profile;
  if (!p) throw new AppError('PROFILE_REQUIRED');
  return p;
}

export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
