import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { registerFileReferences } from '../park/reset-registry.ts';
import { maintenances } from './maintenance.tables.ts';

// Maintenances show their images and their invoice: a files-only reset and the nightly orphan
// sweep keep them.
registerFileReferences(async (tx, parkId) => {
  const images = await tx.execute<{ path: string }>(sql`select distinct unnest(images) as path from ${maintenances} where park_id = ${parkId} and cardinality(images) > 0`);
  const invoices = await tx
    .selectDistinct({ fileId: maintenances.invoiceFileId })
    .from(maintenances)
    .where(and(eq(maintenances.parkId, parkId), isNotNull(maintenances.invoiceFileId)));
  return [...images.rows.map((r) => r.path), ...invoices.map((r) => `/api/file/${r.fileId}`)];
});
