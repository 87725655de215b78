import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-context.ts';
import { YangoApiError, type YangoClient, type YangoSimDriver, type YangoSimPark, type YangoSimulator } from '../../integrations/yango/yango.types.ts';
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

/**
 * Deps whose client's debits, the first `times` times, lose Yango's answer after Yango made the
 * transaction (`lose`: the caller can't tell) or are refused (`refuse`).
 */
export function flakyDebits(deps: YangoDeps, mode: 'lose' | 'refuse', times = 1): YangoDeps {
  let left = times;
  return {
    ...deps,
    api: {
      ...deps.api,
      async client(): Promise<YangoClient> {
        const real = await deps.api.client();
        return {
          ...real,
          async createDriverTransaction(creds, t) {
            if (left <= 0) return real.createDriverTransaction(creds, t);
            left -= 1;
            if (mode === 'refuse') throw new YangoApiError(400, 'invalid_argument', 'category is not allowed');
            await real.createDriverTransaction(creds, t);
            throw new YangoApiError(0, null, 'socket hang up');
          },
        };
      },
    },
  };
}
