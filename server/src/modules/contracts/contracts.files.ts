import { eq } from 'drizzle-orm';
import { registerFileReferences } from '../park/reset-registry.ts';
import { contractDocuments } from './contracts.tables.ts';

// Every version of a contract's PDF stays downloadable (old versions are what someone signed): a
// files-only reset and the nightly orphan sweep keep them.
registerFileReferences(async (tx, parkId) => {
  const rows = await tx.select({ fileId: contractDocuments.fileId }).from(contractDocuments).where(eq(contractDocuments.parkId, parkId));
  return rows.map((r) => `/api/file/${r.fileId}`);
});
