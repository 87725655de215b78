import type { SimulatedDeviceFleet } from '../gps-sim/device-fleet.types.ts';

// SCAFFOLD (replaced by the flespi helper this session).
export const FLESPI_DEMO_TOKEN = 'FlotteDemoFlespiToken2026';
export async function startFlespiSimulator(_fleet: SimulatedDeviceFleet): Promise<{ url: string; close(): Promise<void> }> {
  throw new Error('flespi simulator not built yet');
}
