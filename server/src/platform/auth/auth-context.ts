import type { Permission } from '@flotte/contract';

/** What the server knows about the caller once the token and profile_id header are checked. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  loginType: string;
  pinVerifiedAt: Date | null;
  /** The acting profile; null only on routes that don't need one and when none was named. */
  profile: ActingProfile | null;
  /**
   * On routes configured `withUser`: the signed-in user and their parks, read by the caller lookup
   * in the same statement (the access module's UserWithParks), so the handler needs no second one.
   */
  user?: unknown;
}

export interface ActingProfile {
  id: string;
  parkId: string;
  type: string;
  role: string;
  isOwner: boolean;
  /** Held permissions, related ones included; the owner holds all. */
  permissions: Set<Permission>;
  /**
   * The park's time zone and currency, read with the caller: lists that show today's driver or
   * amounts need them on every request, and this spares each one a round trip.
   */
  park: { timeZone: string; currency: string };
}

/** How much a route asks of its caller. Routes default to 'profile': signed in and acting in a park. */
export type AuthLevel = 'public' | 'user' | 'profile';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** Every listed permission is required. */
    permission?: Permission | Permission[];
    /** A PIN verified within the step-up window is required. */
    stepUp?: boolean;
    /** The guard's caller lookup also reads the user and their parks (AuthContext.user), one statement for both. */
    withUser?: boolean;
    /**
     * A money mutation: an `Idempotency-Key` header makes retries safe (platform/idempotency).
     * The same key and body answer the first result; another body 422; while running 409.
     */
    idempotent?: boolean;
    /**
     * The route grows the park (a vehicle, a driver, a planning): refused while the park has no
     * subscription running (modules/subscriptions/subscription-gate.ts).
     */
    growsPark?: boolean;
    /**
     * A route of the driver's own space (issue 22): only a profile of type 'driver' may call it, and
     * a driver may call no other 'profile' route (see the guard).
     */
    driver?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
