import { and, eq, isNotNull } from 'drizzle-orm';
import { registerFileReferences } from '../park/reset-registry.ts';
import { fundMovements } from './operations.tables.ts';

// Operations show their proof files: a files-only reset and the nightly orphan sweep keep them.
registerFileReferences(async (tx, parkId) =>
  (await tx.selectDistinct({ fileId: fundMovements.fileId }).from(fundMovements).where(and(eq(fundMovements.parkId, parkId), isNotNull(fundMovements.fileId)))).map(
    (r) => `/api/file/${r.fileId}`,
  ),
);
