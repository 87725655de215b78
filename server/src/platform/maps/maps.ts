import { greatCircleMetres } from '@flotte/contract/geo';
import type { MapsConfig } from './maps.config.ts';
import type { MapServices } from './maps.types.ts';

/** Map services (interim: no clients yet, every route is the great-circle fallback). */
export function createMapServices(config: MapsConfig, log: { warn(obj: object, msg?: string): void }): MapServices {
  void log;
  return {
    mode: config.mode,
    tiles: { url: config.tileUrl, attribution: config.tileAttribution },
    search: async () => [],
    route: async (from, to) => ({
      distance_m: greatCircleMetres(from, to),
      duration_s: null,
      source: 'great_circle',
      geometry: [[from.latitude, from.longitude], [to.latitude, to.longitude]],
    }),
    close: async () => undefined,
  };
}
