import { envReader } from '../../platform/env-reader.ts';

/**
 * How the app reaches the telematics providers, read from the environment. `simulator` (the default
 * outside production) runs the real flespi and Traccar clients against loopback simulators of their
 * APIs, started on first use; a Traccar connection's server address is then kept for display but the
 * simulator answers for it. `live` (the only choice in production) talks to FLESPI_BASE_URL and to
 * each park's own Traccar server.
 */
export type GpsMode = 'simulator' | 'live';

export interface GpsConfig {
  mode: GpsMode;
  /** flespi's REST root. */
  flespiBaseUrl: string;
  timeoutMs: number;
  /** How long the latest positions are reused before the provider is asked again. */
  cacheSeconds: number;
}

export const DEFAULT_FLESPI_BASE_URL = 'https://flespi.io';

export const GPS_ENV_DOC = [
  { name: 'GPS_MODE', default: 'simulator (live when NODE_ENV=production)', description: 'simulator: loopback flespi and Traccar simulators (the demo park uses them); live: the real providers. simulator is refused in production.' },
  { name: 'FLESPI_BASE_URL', default: DEFAULT_FLESPI_BASE_URL, description: 'flespi REST root.' },
  { name: 'GPS_TIMEOUT_MS', default: '10000', description: 'Per-request timeout of the GPS providers.' },
  { name: 'GPS_CACHE_SECONDS', default: '20', description: 'How long the fleet map reuses the latest positions before asking the provider again.' },
] as const;

export function gpsConfigFromEnv(env: NodeJS.ProcessEnv, production: boolean): GpsConfig {
  const { get, whole } = envReader(env);
  const mode = (get('GPS_MODE') ?? (production ? 'live' : 'simulator')).toLowerCase();
  if (mode !== 'simulator' && mode !== 'live') throw new Error(`GPS_MODE must be simulator or live (got "${mode}")`);
  if (mode === 'simulator' && production) throw new Error('GPS_MODE=simulator cannot be used when NODE_ENV=production: positions would be invented.');
  const flespiBaseUrl = get('FLESPI_BASE_URL') ?? DEFAULT_FLESPI_BASE_URL;
  if (!/^https?:\/\//.test(flespiBaseUrl)) throw new Error(`FLESPI_BASE_URL must be an http(s) URL, got "${flespiBaseUrl}"`);
  return { mode, flespiBaseUrl: flespiBaseUrl.replace(/\/+$/, ''), timeoutMs: whole('GPS_TIMEOUT_MS', 10_000), cacheSeconds: whole('GPS_CACHE_SECONDS', 20) };
}
