import { setFixtureSubscription } from '../subscription-fixture.ts';
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
  /**
   * The same cast, but "park B" is park A's owner's own second park, opened through POST /api/park:
   * acting in park A must reach nothing of it either, though the same person owns both.
   */
  ownSecondPark: World;
}

async function actor(ctx: TestContext, who: { email: string; password: string; userId: string }, type: string): Promise<Actor> {
  const s = await ctx.signIn({ email: who.email, password: who.password, type });
  return { token: s.token, profileId: s.profile_id, userId: who.userId };
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  const a = await ctx.createPark({ name: 'Parc A' });
  const b = await ctx.createPark({ name: 'Parc B' });
  const memberOfA = await ctx.addMember(a.park.id, { type: 'agent', roleNames: [] });
  const ownerA = await actor(ctx, a.owner, 'proprietaire');
  const opened = await ctx.api('POST', '/api/park', {
    token: ownerA.token,
    profileId: ownerA.profileId,
    body: { name: 'Parc A2', city: 'Yaoundé', country_code: 'CM' },
  });
  if (opened.status !== 200) throw new Error(`POST /api/park failed: ${opened.message}`);
  // Opened on its 5-vehicle trial; rows add vehicles there as in any park of the tests (issue 23).
  await setFixtureSubscription(ctx.database.db, opened.data.park.id);
  const member = await actor(ctx, memberOfA, 'agent');
  const world = (parkB: string, ownerB: Actor): Omit<World, 'ownSecondPark'> => {
    const cache = new Map<string, Promise<unknown>>();
    return {
      ctx,
      parkA: a.park.id,
      ownerA,
      bareMemberA: member,
      parkB,
      ownerB,
      recordOfB<T>(key: string, create: () => Promise<T>): Promise<T> {
        if (!cache.has(key)) cache.set(key, create());
        return cache.get(key) as Promise<T>;
      },
    };
  };
  const second = world(opened.data.park.id, { ...ownerA, profileId: opened.data.id });
  const main = world(b.park.id, await actor(ctx, b.owner, 'proprietaire'));
  return { ...main, ownSecondPark: { ...second, ownSecondPark: undefined as never } };
}

/** Calls the API as an actor. */
export function as(w: World, who: Actor, method: string, url: string, body?: unknown) {
  return w.ctx.api(method, url, { token: who.token, profileId: who.profileId, body });
}
