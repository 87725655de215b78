import type { TestContext } from '../test-context.ts';

/** Someone signed in and acting in a park: what a request needs to carry. */
export interface Actor {
  token: string;
  profileId: string;
  userId: string;
}

/**
 * The cast of the authorization tests: park A's owner and a member of park A who holds no role at
 * all (so every permission is missing), and park B with its owner, whose records park A's people
 * must never read or change. `b` collects ids of park B's records that rows create lazily.
 */
export interface World {
  ctx: TestContext;
  parkA: string;
  ownerA: Actor;
  bareMemberA: Actor;
  parkB: string;
  ownerB: Actor;
  /** Park B's records, created on first use by the rows that need them. */
  recordOfB<T>(key: string, create: () => Promise<T>): Promise<T>;
}

async function actor(ctx: TestContext, who: { email: string; password: string; userId: string }, type: string): Promise<Actor> {
  const s = await ctx.signIn({ email: who.email, password: who.password, type });
  return { token: s.token, profileId: s.profile_id, userId: who.userId };
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  const a = await ctx.createPark({ name: 'Parc A' });
  const b = await ctx.createPark({ name: 'Parc B' });
  const member = await ctx.addMember(a.park.id, { type: 'agent', roleNames: [] });
  const cache = new Map<string, Promise<unknown>>();
  return {
    ctx,
    parkA: a.park.id,
    ownerA: await actor(ctx, a.owner, 'proprietaire'),
    bareMemberA: await actor(ctx, member, 'agent'),
    parkB: b.park.id,
    ownerB: await actor(ctx, b.owner, 'proprietaire'),
    recordOfB<T>(key: string, create: () => Promise<T>): Promise<T> {
      if (!cache.has(key)) cache.set(key, create());
      return cache.get(key) as Promise<T>;
    },
  };
}

/** Calls the API as an actor. */
export function as(w: World, who: Actor, method: string, url: string, body?: unknown) {
  return w.ctx.api(method, url, { token: who.token, profileId: who.profileId, body });
}
