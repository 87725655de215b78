import { FLESPI_DEFAULT_COMMANDS } from '@flotte/contract/gps';
import { eq } from 'drizzle-orm';
import { GpsProviderError, type GpsClient, type GpsCredentials } from '../../integrations/gps/gps.types.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { GpsDeps } from './gps.deps.ts';
import { gpsConnections } from './gps.tables.ts';

/** The park id is the sealed secret's context: a secret copied to another park's row doesn't open. */
export const gpsSecretContext = (parkId: string) => `gps-secret:${parkId}`;

/** A park's way to its provider: the client, the unsealed credentials and the flespi command texts. */
export interface ParkGpsLink {
  client: GpsClient;
  creds: GpsCredentials;
  commands: { lock: string; unlock: string; buzzer: string };
}

/**
 * The park's provider link, or null without a connection (or with a secret that no longer opens:
 * SECRETS_KEY changed, the owner enters it again). Never calls the provider.
 */
export async function parkGpsLink(deps: Pick<GpsDeps, 'api' | 'box'> & { db: Db | Tx }, parkId: string): Promise<ParkGpsLink | null> {
  const [row] = await deps.db.select().from(gpsConnections).where(eq(gpsConnections.parkId, parkId));
  if (!row) return null;
  const secret = deps.box.open(row.secretSealed, gpsSecretContext(parkId));
  if (secret === null) return null;
  const creds: GpsCredentials = { provider: row.provider, baseUrl: row.baseUrl ?? undefined, username: row.username, secret };
  return {
    client: await deps.api.client(row.provider),
    creds,
    commands: {
      lock: row.lockCommand || FLESPI_DEFAULT_COMMANDS.lock,
      unlock: row.unlockCommand || FLESPI_DEFAULT_COMMANDS.unlock,
      buzzer: row.buzzerCommand || FLESPI_DEFAULT_COMMANDS.buzzer,
    },
  };
}

/** Like parkGpsLink, GPS_NOT_CONNECTED without one. */
export async function requireParkGpsLink(deps: Pick<GpsDeps, 'api' | 'box'> & { db: Db | Tx }, parkId: string): Promise<ParkGpsLink> {
  const link = await parkGpsLink(deps, parkId);
  if (!link) throw new AppError('GPS_NOT_CONNECTED');
  return link;
}

/** A provider failure as the person sees it; the provider's own words are logged, never shown raw. */
export function gpsFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof GpsProviderError) {
    if (err.kind === 'unauthorized') return new AppError('GPS_CREDENTIALS_REFUSED');
    if (err.kind === 'unknown_device') return new AppError('GPS_DEVICE_UNKNOWN');
  }
  return new AppError('GPS_UNAVAILABLE');
}
