import type { Db, Tx } from '../../platform/db/database.ts';

/**
 * What every park starts with beyond its roles (a chart of accounts, later more). Each module
 * registers its own from a file imported once (modules/registrations.ts), so creating a park never
 * has to know them. `apply` runs inside the park's creation transaction; `missing` finds the parks
 * created before the module existed, which the server completes at start.
 */

export interface ParkSetup {
  name: string;
  apply(tx: Tx, parkId: string): Promise<void>;
  missing(db: Db): Promise<string[]>;
}

const setups = new Map<string, ParkSetup>();

export function registerParkSetup(setup: ParkSetup): void {
  setups.set(setup.name, setup);
}

export async function applyParkSetups(tx: Tx, parkId: string): Promise<void> {
  for (const s of setups.values()) await s.apply(tx, parkId);
}

/** Completes the parks that lack a setup; answers how many were completed per setup. */
export async function completeParkSetups(db: Db): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const s of setups.values()) {
    const parkIds = await s.missing(db);
    for (const parkId of parkIds) await db.transaction((tx) => s.apply(tx, parkId));
    done[s.name] = parkIds.length;
  }
  return done;
}

/** Every registered setup: what a new park is promised (tests check a new park lacks none). */
export function registeredParkSetups(): ParkSetup[] {
  return [...setups.values()];
}
