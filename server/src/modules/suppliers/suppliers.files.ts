import { and, eq, isNotNull } from 'drizzle-orm';
import { registerFileReferences } from '../park/reset-registry.ts';
import { suppliers } from './suppliers.tables.ts';

// Suppliers show their logos: a files-only reset and the nightly orphan sweep keep them.
registerFileReferences(async (tx, parkId) =>
  (await tx.select({ logo: suppliers.logo }).from(suppliers).where(and(eq(suppliers.parkId, parkId), isNotNull(suppliers.logo)))).map((r) => r.logo),
);
