import { describe, expect, it } from 'vitest';
import { DEFAULT_FLESPI_BASE_URL, gpsConfigFromEnv } from './gps.config.ts';

describe('GPS settings from the environment', () => {
  it('runs on the simulators outside production, live in production', () => {
    expect(gpsConfigFromEnv({}, false)).toEqual({ mode: 'simulator', flespiBaseUrl: DEFAULT_FLESPI_BASE_URL, timeoutMs: 10_000, cacheSeconds: 20 });
    expect(gpsConfigFromEnv({}, true).mode).toBe('live');
    expect(() => gpsConfigFromEnv({ GPS_MODE: 'simulator' }, true)).toThrow(/cannot be used when NODE_ENV=production/);
  });

  it('reads the flespi root, the timeout and the cache, and refuses what is not one', () => {
    const c = gpsConfigFromEnv({ GPS_MODE: ' LIVE ', FLESPI_BASE_URL: 'https://flespi.example/', GPS_TIMEOUT_MS: '2500', GPS_CACHE_SECONDS: '0' }, false);
    expect(c).toEqual({ mode: 'live', flespiBaseUrl: 'https://flespi.example', timeoutMs: 2500, cacheSeconds: 0 });
    expect(() => gpsConfigFromEnv({ GPS_MODE: 'maybe' }, false)).toThrow(/GPS_MODE/);
    expect(() => gpsConfigFromEnv({ FLESPI_BASE_URL: 'flespi.io' }, false)).toThrow(/FLESPI_BASE_URL/);
    expect(() => gpsConfigFromEnv({ GPS_TIMEOUT_MS: '-1' }, false)).toThrow(/GPS_TIMEOUT_MS must be a whole number/);
  });
});
