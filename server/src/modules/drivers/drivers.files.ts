import { eq } from 'drizzle-orm';
import { registerFileReferences } from '../park/reset-registry.ts';
import { drivers } from './drivers.tables.ts';

// Drivers' photos are still shown: a files-only reset keeps them.
registerFileReferences(async (tx, parkId) =>
  (await tx.select({ image: drivers.image }).from(drivers).where(eq(drivers.parkId, parkId))).map((r) => r.image),
);
