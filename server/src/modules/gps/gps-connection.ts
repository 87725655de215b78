import { eq } from 'drizzle-orm';
import { ErrorCodes } from '@flotte/contract';
import type { TGpsConnection, TGpsConnectionInput } from '@flotte/contract/gps';
import { GpsProviderError, type GpsCredentials } from '../../integrations/gps/gps.types.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { gpsFailure, gpsSecretContext } from './gps-link.ts';
import { equippedVehicles, forgetParkPositions } from './gps-positions.ts';
import type { GpsDeps } from './gps.deps.ts';
import { gpsConnections } from './gps.tables.ts';

/**
 * The park's telematics provider (issue 22 section 1): flespi or a Traccar server, the credentials
 * tested by one call before they are kept, the secret sealed at rest and never answered in full.
 */

const EMPTY: Omit<TGpsConnection, 'equipped_vehicles'> = {
  connected: false,
  provider: null,
  base_url: null,
  username: null,
  secret_hint: null,
  lock_command: null,
  unlock_command: null,
  buzzer_command: null,
  devices: null,
  status: null,
  last_error: null,
  checked_at: null,
};

/** '••••' and the secret's last 4 characters: what the settings card shows of it. */
export const secretHint = (last4: string) => `••••${last4}`;

/** GET /gps/connection: the saved connection without its secret, and how many vehicles have a GPS number. */
export async function readGpsConnection(deps: Pick<GpsDeps, 'db'>, parkId: string, timeZone: string): Promise<TGpsConnection> {
  const [[row], equipped] = await Promise.all([
    deps.db.select().from(gpsConnections).where(eq(gpsConnections.parkId, parkId)),
    equippedVehicles(deps, parkId),
  ]);
  if (!row) return { ...EMPTY, equipped_vehicles: equipped };
  return {
    connected: true,
    provider: row.provider,
    base_url: row.baseUrl,
    username: row.username,
    secret_hint: secretHint(row.secretLast4),
    lock_command: row.lockCommand,
    unlock_command: row.unlockCommand,
    buzzer_command: row.buzzerCommand,
    devices: row.devices,
    status: row.status,
    last_error: row.lastError,
    checked_at: row.checkedAt ? toWireDate(row.checkedAt, timeZone) : null,
    equipped_vehicles: equipped,
  };
}

/** Traccar's server root as its client wants it: no trailing slash, no '/api' (the client adds it). */
const serverRoot = (url: string) => url.trim().replace(/\/+$/, '').replace(/\/api$/i, '');
const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/**
 * PUT /gps/connection: the secret is required on the first save (or a change of provider) and kept
 * when an edit omits it. The credentials are tested first (the provider lists its devices):
 * refused or unreachable, nothing is saved.
 */
export async function saveGpsConnection(
  deps: GpsDeps,
  v: { parkId: string; profileId: string; timeZone: string; input: TGpsConnectionInput },
): Promise<TGpsConnection> {
  const { parkId, input } = v;
  const traccar = input.provider === 'traccar';
  const username = traccar ? orNull(input.username) : null;
  let secret = input.secret;
  if (!secret) {
    const [saved] = await deps.db
      .select({ sealed: gpsConnections.secretSealed, provider: gpsConnections.provider })
      .from(gpsConnections)
      .where(eq(gpsConnections.parkId, parkId));
    // A secret that no longer opens (SECRETS_KEY changed) counts as none: the owner enters it again.
    secret = saved && saved.provider === input.provider ? (deps.box.open(saved.sealed, gpsSecretContext(parkId)) ?? undefined) : undefined;
    if (!secret) throw fieldError('secret', username ? 'Le mot de passe est requis' : 'Le jeton est requis');
  }
  const creds: GpsCredentials = { provider: input.provider, baseUrl: traccar && input.base_url ? serverRoot(input.base_url) : undefined, username, secret };
  let devices: number;
  try {
    devices = (await (await deps.api.client(input.provider)).check(creds)).devices;
  } catch (err) {
    deps.log?.warn({ err, parkId, provider: input.provider }, 'GPS connection test failed');
    if (err instanceof GpsProviderError && err.kind === 'unauthorized') {
      const message = ErrorCodes.GPS_CREDENTIALS_REFUSED.message;
      throw new AppError('GPS_CREDENTIALS_REFUSED', { fieldErrors: [{ field: 'secret', message }] });
    }
    throw gpsFailure(err);
  }
  const values = {
    provider: input.provider,
    baseUrl: creds.baseUrl ?? null,
    username,
    secretSealed: deps.box.seal(secret, gpsSecretContext(parkId)),
    secretLast4: secret.slice(-4),
    lockCommand: orNull(input.lock_command),
    unlockCommand: orNull(input.unlock_command),
    buzzerCommand: orNull(input.buzzer_command),
    devices,
    status: 'ok' as const,
    lastError: null,
    checkedAt: new Date(),
    updatedBy: v.profileId,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(gpsConnections)
    .values({ parkId, ...values })
    .onConflictDoUpdate({ target: gpsConnections.parkId, set: values });
  forgetParkPositions(parkId);
  return readGpsConnection(deps, parkId, v.timeZone);
}

/** DELETE /gps/connection: the credentials go; the vehicles keep their GPS numbers. */
export async function removeGpsConnection(deps: Pick<GpsDeps, 'db'>, parkId: string, timeZone: string): Promise<TGpsConnection> {
  await deps.db.delete(gpsConnections).where(eq(gpsConnections.parkId, parkId));
  forgetParkPositions(parkId);
  return readGpsConnection(deps, parkId, timeZone);
}
