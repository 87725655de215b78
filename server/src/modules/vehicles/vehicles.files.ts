import { eq } from 'drizzle-orm';
import { registerFileReferences } from '../park/reset-registry.ts';
import { vehicleDocuments, vehicles } from './vehicles.tables.ts';

// The files vehicles still show (photos, document scans): a files-only reset keeps them.
registerFileReferences(async (tx, parkId) => {
  const photos = await tx.select({ images: vehicles.images }).from(vehicles).where(eq(vehicles.parkId, parkId));
  const scans = await tx.select({ images: vehicleDocuments.images }).from(vehicleDocuments).where(eq(vehicleDocuments.parkId, parkId));
  return [...photos, ...scans].flatMap((r) => r.images);
});
