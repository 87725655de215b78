import type { GpsClient } from '../gps/gps.types.ts';

// SCAFFOLD (replaced by the Traccar helper this session).
/** baseUrlOverride: simulator mode, where the simulator answers whatever server the park entered. */
export function createTraccarClient(_opts: { timeoutMs: number; baseUrlOverride?: string }): GpsClient {
  throw new Error('Traccar client not built yet');
}
