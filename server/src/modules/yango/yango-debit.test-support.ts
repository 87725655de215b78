import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-context.ts';
import type { YangoSimDriver, YangoSimPark, YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { parks } from '../access/access.tables.ts';
import { apiKeyContext } from './yango-credentials.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoConnections, yangoDriverLinks } from './yango.tables.ts';

/**
 * Test support of the Yango recipes and debits: a park connected to its own simulated Yango park
 * (its currency the park's, no generated activity for the drivers added), and a park driver linked
 * to a simulated driver of known balance.
 */

export async function connectToSimulator(ctx: TestContext, deps: YangoDeps, sim: YangoSimulator, parkId: string): Promise<YangoSimPark> {
  const [park] = await ctx.database.db.select({ currency: parks.currency }).from(parks).where(eq(parks.id, parkId));
  const simPark = sim.addPark({ id: `flotte-${randomBytes(5).toString('hex')}`, currency: park.currency }, { drivers: 1 });
  await ctx.database.db.insert(yangoConnections).values({
    parkId,
    clientId: simPark.clientId,
    yangoParkId: simPark.id,
    apiKeySealed: deps.box.seal(simPark.apiKey, apiKeyContext(parkId)),
    apiKeyLast4: simPark.apiKey.slice(-4),
  });
  return simPark;
}

/** Links the park's driver to a new simulated driver; answers the simulated driver. */
export async function linkToSimulator(
  ctx: TestContext,
  sim: YangoSimulator,
  simPark: YangoSimPark,
  v: { parkId: string; driverId: string; balance?: number; useYangoRecipe?: boolean; collectTime?: string; recipesSince?: string },
): Promise<YangoSimDriver> {
  const phone = `+2250${(randomBytes(4).readUInt32BE(0) % 1_000_000_000).toString().padStart(9, '0')}`;
  const d = sim.addDriver(simPark.id, { phone, balance: v.balance ?? 0 });
  await ctx.database.db.insert(yangoDriverLinks).values({
    driverId: v.driverId,
    parkId: v.parkId,
    yangoId: d.id,
    useYangoRecipe: v.useYangoRecipe ?? false,
    collectTime: v.collectTime ?? '09:00',
    recipesSince: v.recipesSince ?? '2020-01-01',
  });
  return d;
}
