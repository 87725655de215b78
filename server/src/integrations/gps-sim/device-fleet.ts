import type { SimulatedDeviceFleet } from './device-fleet.types.ts';

// SCAFFOLD (replaced by the device-model helper this session).
export function createDeviceFleet(_opts: { now?: () => Date } = {}): SimulatedDeviceFleet {
  throw new Error('device fleet not built yet');
}
