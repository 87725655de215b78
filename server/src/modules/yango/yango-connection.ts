import { count, eq } from 'drizzle-orm';
import type { TYangoConnection, TYangoConnectionInput } from '@flotte/contract/yango';
import type { YangoCredentials } from '../../integrations/yango/yango.types.ts';
import { toWireDate } from '../../platform/dates.ts';
import { fieldError } from '../../platform/errors.ts';
import { apiKeyContext, yangoFailure } from './yango-credentials.ts';
import { forgetLiveBalances } from './yango-activity.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoConnections, yangoDriverLinks } from './yango.tables.ts';

/**
 * The park's Yango connection (issue 21 section 1): the Fleet API credentials the owner enters,
 * tested by one call before they are kept, the key sealed at rest and never answered in full.
 */

const EMPTY: Omit<TYangoConnection, 'linked_drivers'> = {
  connected: false,
  client_id: null,
  yango_park_id: null,
  api_key_hint: null,
  park_name: null,
  park_city: null,
  status: null,
  last_error: null,
  checked_at: null,
};

/** '••••' and the key's last 4 characters: what the settings card shows of it. */
export const apiKeyHint = (last4: string) => `••••${last4}`;

/** GET /yango/connection: the saved connection without its key, and how many drivers are linked. */
export async function readConnection(deps: Pick<YangoDeps, 'db'>, parkId: string, timeZone: string): Promise<TYangoConnection> {
  const [[row], [links]] = await Promise.all([
    deps.db.select().from(yangoConnections).where(eq(yangoConnections.parkId, parkId)),
    deps.db.select({ n: count() }).from(yangoDriverLinks).where(eq(yangoDriverLinks.parkId, parkId)),
  ]);
  const linked_drivers = Number(links?.n ?? 0);
  if (!row) return { ...EMPTY, linked_drivers };
  return {
    connected: true,
    client_id: row.clientId,
    yango_park_id: row.yangoParkId,
    api_key_hint: apiKeyHint(row.apiKeyLast4),
    park_name: row.yangoParkName,
    park_city: row.yangoParkCity,
    status: row.status,
    last_error: row.lastError,
    checked_at: row.checkedAt ? toWireDate(row.checkedAt, timeZone) : null,
    linked_drivers,
  };
}

/**
 * PUT /yango/connection: the key is required on the first save and kept when an edit omits it.
 * The credentials are tested first (one driver profile): refused or unreachable, nothing is saved.
 */
export async function saveConnection(
  deps: YangoDeps,
  v: { parkId: string; profileId: string; timeZone: string; input: TYangoConnectionInput },
): Promise<TYangoConnection> {
  const { parkId, input } = v;
  let apiKey = input.api_key;
  if (!apiKey) {
    const [saved] = await deps.db.select({ sealed: yangoConnections.apiKeySealed }).from(yangoConnections).where(eq(yangoConnections.parkId, parkId));
    // A key that no longer opens (SECRETS_KEY changed) counts as none: the owner enters it again.
    apiKey = saved ? (deps.box.open(saved.sealed, apiKeyContext(parkId)) ?? undefined) : undefined;
    if (!apiKey) throw fieldError('api_key', 'La clé API est requise');
  }
  const creds: YangoCredentials = { clientId: input.client_id, apiKey, parkId: input.yango_park_id };
  let page;
  try {
    page = await (await deps.api.client()).listDriverProfiles(creds, { limit: 1, offset: 0 });
  } catch (err) {
    deps.log?.warn({ err, parkId }, 'Yango connection test failed');
    throw yangoFailure(err);
  }
  const yangoPark = page.parks.find((p) => p.id === input.yango_park_id) ?? page.parks[0] ?? null;
  const values = {
    clientId: input.client_id,
    yangoParkId: input.yango_park_id,
    apiKeySealed: deps.box.seal(apiKey, apiKeyContext(parkId)),
    apiKeyLast4: apiKey.slice(-4),
    yangoParkName: yangoPark?.name ?? null,
    yangoParkCity: yangoPark?.city ?? null,
    status: 'ok' as const,
    lastError: null,
    checkedAt: new Date(),
    updatedBy: v.profileId,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(yangoConnections)
    .values({ parkId, ...values })
    .onConflictDoUpdate({ target: yangoConnections.parkId, set: values });
  forgetLiveBalances(); // balances read with the previous credentials
  return readConnection(deps, parkId, v.timeZone);
}

/** DELETE /yango/connection: the credentials go; the drivers' links stay (the sync stops without credentials). */
export async function removeConnection(deps: Pick<YangoDeps, 'db'>, parkId: string, timeZone: string): Promise<TYangoConnection> {
  await deps.db.delete(yangoConnections).where(eq(yangoConnections.parkId, parkId));
  forgetLiveBalances();
  return readConnection(deps, parkId, timeZone);
}
