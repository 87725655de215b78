import { sql } from 'drizzle-orm';
import { desc, eq } from 'drizzle-orm';
import type { TestContext } from '../test-context.ts';
import { seedFleet } from '../../src/demo/fleet-generator.ts';
import { seedOperations } from '../../src/demo/operations-generator.ts';
import { seedDemoPlanningAndRecipes } from '../../src/demo/demo-planning-recipes.ts';
import { profiles, sessions } from '../../src/modules/access/access.tables.ts';
import { openSession } from '../../src/modules/access/session.service.ts';
import type { Known } from './values.ts';

/**
 * The fuzzed park: a small living fleet (vehicles, drivers, caisses, operations, planning, recipes,
 * salaries) so that well-formed requests name records that exist, and its owner, signed in with
 * the PIN step-up done.
 */
export interface FuzzWorld {
  ctx: TestContext;
  known: Known;
  owner: { email: string; password: string; userId: string; token: string; profileId: string; sessionId: string };
  /** Signs the owner in again when a request ended the session (logout, account deletion ...). */
  ensureOwner(): Promise<void>;
  /** Renews the PIN step-up of the owner's session, whatever the fuzz did to his PIN. */
  stepUp(): Promise<void>;
  /** A fingerprint of every table a refused request must leave alone, per table. */
  fingerprint(): Promise<Record<string, string>>;
}

export const PIN = '24680';

/**
 * What a refused request may legitimately change: sessions and sign-in codes (a wrong code spends
 * a try, a wrong PIN counts a failure before it is compared), the dev outbox, idempotency keys.
 */
const VOLATILE_TABLES = new Set(['sessions', 'refresh_tokens', 'otp_challenges', 'otp_sends', 'dev_outbox', 'idempotency_keys']);
const VOLATILE_COLUMNS: Record<string, Set<string>> = { users: new Set(['pin_failures', 'pin_locked_at', 'updated_at']) };

/**
 * Per table, its row count and the newest row version (xmin): any committed insert, update or
 * delete changes one of them, and neither needs the rows' text, so a fingerprint of the whole
 * database costs a few milliseconds. Columns a refused request may touch (the PIN failure count)
 * live in `users`, which is read through an md5 of its other columns instead.
 */
async function buildFingerprintQuery(ctx: TestContext): Promise<string> {
  const cols = await ctx.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`);
  const byTable = new Map<string, string[]>();
  for (const r of cols.rows) {
    if (VOLATILE_TABLES.has(r.table_name) || r.table_name.startsWith('__')) continue;
    if (VOLATILE_COLUMNS[r.table_name]?.has(r.column_name)) continue;
    byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  }
  const parts = [...byTable].map(([table, columns]) => {
    if (VOLATILE_COLUMNS[table]) {
      const row = `md5(row(${columns.map((c) => `t."${c}"`).join(', ')})::text)`;
      return `(select coalesce(md5(string_agg(h, ',' order by h)), '') from (select ${row} as h from "${table}" t) s) as "${table}"`;
    }
    return `(select count(*) || '/' || coalesce(max(t.xmin::text::bigint), 0) from "${table}" t) as "${table}"`;
  });
  return `select ${parts.join(',\n')}`;
}

async function harvestIds(ctx: TestContext, parkId: string): Promise<{ uuids: string[]; ints: number[] }> {
  const tables = await ctx.database.db.execute<{ table_name: string; data_type: string }>(sql`
    select c.table_name, c.data_type from information_schema.columns c
    join information_schema.columns p on p.table_schema = c.table_schema and p.table_name = c.table_name and p.column_name = 'park_id'
    where c.table_schema = 'public' and c.column_name = 'id'`);
  const uuids: string[] = [parkId];
  const ints = new Set<number>([1, 2, 3]);
  for (const t of tables.rows) {
    const rows = await ctx.database.db.execute<{ id: string | number }>(
      sql.raw(`select id from "${t.table_name}" where park_id = '${parkId}' order by id limit 3`),
    );
    for (const r of rows.rows) {
      if (typeof r.id === 'number') ints.add(r.id);
      else if (/^\d+$/.test(String(r.id))) ints.add(Number(r.id));
      else uuids.push(String(r.id));
    }
  }
  return { uuids, ints: [...ints] };
}

export async function buildFuzzWorld(ctx: TestContext): Promise<FuzzWorld> {
  const fixture = await ctx.createPark({ name: 'Parc Fuzz' });
  let parkId = fixture.park.id;
  const db = ctx.database.db;
  const [ownerProfile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.parkId, parkId));
  await seedFleet(db, parkId, { vehicles: 4, drivers: 6 });
  await seedOperations(db, parkId, { count: 40, years: 0.1 });
  await seedDemoPlanningAndRecipes(db, { parkId, timeZone: 'Africa/Douala', currency: 'XAF' }, ownerProfile.id);
  const { uuids, ints } = await harvestIds(ctx, parkId);
  const fingerprintQuery = await buildFingerprintQuery(ctx);

  const owner: FuzzWorld['owner'] = { ...fixture.owner, token: '', profileId: '', sessionId: '' };
  const known: Known = { parkId, uuids, ints, password: fixture.owner.password };

  /**
   * The first time through the real OTP flow; after a request ended the session, straight through
   * the session service: a password hash and a code per restore would cost more than the fuzz.
   */
  async function signIn(first = false) {
    const s = first
      ? await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' })
      : await openSession({ db, jwtSecret: ctx.config.jwtSecret, notifier: undefined as never }, { userId: owner.userId, loginType: 'proprietaire', client: {} });
    owner.token = s.token;
    owner.profileId = s.profile_id;
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.userId)).orderBy(desc(sessions.createdAt)).limit(1);
    owner.sessionId = session.id;
  }
  const asOwner = (method: string, url: string, body?: unknown) => ctx.api(method, url, { token: owner.token, profileId: owner.profileId, body });

  const world: FuzzWorld = {
    ctx,
    known,
    owner,
    async ensureOwner() {
      const me = owner.token ? await asOwner('GET', '/api/user') : undefined;
      if (me?.status === 200) return;
      try {
        await signIn();
      } catch {
        // The account is gone (DELETE /api/account answered 2xx): a new park and owner take its place.
        const next = await ctx.createPark({ name: 'Parc Fuzz' });
        parkId = next.park.id;
        known.parkId = parkId;
        owner.email = next.owner.email;
        owner.password = next.owner.password;
        owner.userId = next.owner.userId;
        known.password = next.owner.password;
        await signIn();
      }
      await world.stepUp();
    },
    async stepUp() {
      // What a verified PIN records; the fuzz of the PIN routes may have changed or locked the PIN.
      await db.update(sessions).set({ pinVerifiedAt: new Date() }).where(eq(sessions.id, owner.sessionId));
    },
    async fingerprint() {
      const r = await db.execute<Record<string, string>>(sql.raw(fingerprintQuery));
      return r.rows[0];
    },
  };
  await signIn(true);
  const set = await asOwner('POST', '/api/update-pin-code', { code: PIN });
  if (set.status !== 200) throw new Error(`PIN not set: ${set.status} ${set.message}`);
  return world;
}
