import type { SimulatedDeviceFleet } from '../gps-sim/device-fleet.types.ts';

// SCAFFOLD (replaced by the Traccar helper this session).
export const TRACCAR_DEMO_TOKEN = 'FlotteDemoTraccarToken2026';
export const TRACCAR_DEMO_USER = 'demo@flotte.demo';
export const TRACCAR_DEMO_PASSWORD = 'FlotteTraccar2026';
export async function startTraccarSimulator(_fleet: SimulatedDeviceFleet): Promise<{ url: string; close(): Promise<void> }> {
  throw new Error('Traccar simulator not built yet');
}
