import { and, eq, isNotNull } from 'drizzle-orm';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import type { GpsDeps } from './gps.deps.ts';
import { triggerEpisodes } from './gps.tables.ts';

/**
 * Simulator mode only: the simulated devices live in memory, so a restart forgets the locks the
 * trigger job sent, and a vehicle the fleet map shows 'Bloqué' would drive off. A real device
 * keeps its lock; this gives the simulator back the locks still held (since their episode's done
 * time, where the vehicle stood). Starts the simulators only when there is a lock to give back.
 */
export async function restoreSimulatedLocks(deps: Pick<GpsDeps, 'db' | 'api'>): Promise<number> {
  if (deps.api.mode !== 'simulator') return 0;
  const held = await deps.db
    .select({ ident: vehicles.gpsNumber, since: triggerEpisodes.doneAt })
    .from(triggerEpisodes)
    .innerJoin(vehicles, eq(vehicles.id, triggerEpisodes.vehicleId))
    .where(and(eq(triggerEpisodes.action, 'lock'), eq(triggerEpisodes.state, 'done'), isNotNull(vehicles.gpsNumber)));
  if (held.length === 0) return 0;
  const sims = await deps.api.simulators();
  if (!sims) return 0;
  for (const h of held) if (h.ident) sims.devices.restoreLock(h.ident, h.since ?? new Date());
  return held.length;
}
