import { describe, expect, it } from 'vitest';
import { mapsConfigFromEnv } from './maps.config.ts';

describe('mapsConfigFromEnv', () => {
  it('uses the simulators outside production, Photon, the OpenStreetMap tiles', () => {
    expect(mapsConfigFromEnv({}, false)).toEqual({
      mode: 'simulator',
      geocoder: 'photon',
      geocoderUrl: 'https://photon.komoot.io',
      routingUrl: 'https://router.project-osrm.org',
      userAgent: 'Flotte/1.0 (contact via the park)',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© <a href="https://www.openstreetmap.org/copyright">les contributeurs d’OpenStreetMap</a>',
      timeoutMs: 5000,
    });
  });

  it('goes live in production with the public services, and refuses the simulators there', () => {
    expect(mapsConfigFromEnv({}, true)).toMatchObject({ mode: 'live', geocoderUrl: 'https://photon.komoot.io', routingUrl: 'https://router.project-osrm.org' });
    expect(() => mapsConfigFromEnv({ MAPS_MODE: 'simulator' }, true)).toThrow(/cannot be used when NODE_ENV=production/);
  });

  it('reads every variable', () => {
    const c = mapsConfigFromEnv(
      {
        MAPS_MODE: 'LIVE',
        GEOCODER: 'nominatim',
        GEOCODER_URL: 'https://geo.example.org/',
        ROUTING_URL: 'http://osrm.internal:5000',
        GEO_USER_AGENT: 'Flotte/2.0 (ops@example.org)',
        MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Exemple',
        MAPS_TIMEOUT_MS: '2500',
      },
      true,
    );
    expect(c).toEqual({
      mode: 'live',
      geocoder: 'nominatim',
      geocoderUrl: 'https://geo.example.org',
      routingUrl: 'http://osrm.internal:5000',
      userAgent: 'Flotte/2.0 (ops@example.org)',
      tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      tileAttribution: '© Exemple',
      timeoutMs: 2500,
    });
    expect(mapsConfigFromEnv({ GEOCODER: 'nominatim' }, true).geocoderUrl).toBe('https://nominatim.openstreetmap.org');
  });

  it('says what is wrong with a bad value', () => {
    expect(() => mapsConfigFromEnv({ MAPS_MODE: 'google' }, false)).toThrow(/MAPS_MODE must be simulator or live/);
    expect(() => mapsConfigFromEnv({ GEOCODER: 'google' }, false)).toThrow(/GEOCODER must be photon or nominatim/);
    expect(() => mapsConfigFromEnv({ ROUTING_URL: 'osrm:5000' }, false)).toThrow(/ROUTING_URL must be an http\(s\) URL/);
    expect(() => mapsConfigFromEnv({ MAP_TILE_URL: 'https://t.example.org/tile.png' }, false)).toThrow(/MAP_TILE_URL must contain/);
    expect(() => mapsConfigFromEnv({ MAPS_TIMEOUT_MS: '0' }, false)).toThrow(/MAPS_TIMEOUT_MS must be a positive/);
  });
});
