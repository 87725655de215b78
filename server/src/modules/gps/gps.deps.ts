import type { GpsApi } from '../../integrations/gps/gps.types.ts';
import type { Db } from '../../platform/db/database.ts';
import type { MapServices } from '../../platform/maps/maps.types.ts';
import type { Notifier } from '../../platform/notifier/notifier.types.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';

/** What the GPS module needs; app.ts builds it once and hands it to the routes and the trigger job. */
export interface GpsDeps {
  db: Db;
  api: GpsApi;
  /** Seals the parks' provider secrets. */
  box: SecretBox;
  /** Reverse geocoding of stops (maps.reverse). */
  maps: MapServices;
  /** A trigger's SMS and email notifications. */
  notifier: Notifier;
  /** How long the fleet's latest positions are reused (GPS_CACHE_SECONDS). */
  cacheSeconds: number;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}
