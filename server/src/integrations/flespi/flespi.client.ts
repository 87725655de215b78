import type { GpsClient } from '../gps/gps.types.ts';

// SCAFFOLD (replaced by the flespi helper this session).
export function createFlespiClient(_opts: { baseUrl: string; timeoutMs: number }): GpsClient {
  throw new Error('flespi client not built yet');
}
