import { eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-context.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { contractInstalments, contracts, contractSignatures } from './contracts.tables.ts';

/**
 * A contract written straight into the tables, for the document's tests: they test what the PDF
 * prints, not how a contract is made (contracts.test.ts does that through the API).
 */
let seq = 0;

export async function insertContract(
  ctx: TestContext,
  parkId: string,
  v: { kind: 'DRIVER' | 'PARTNER'; driverLast?: string; ownerLast?: string; clauses?: string; paid?: number; signedBy?: { profileId: string; name: string } },
): Promise<{ id: string; number: number }> {
  seq += 1;
  const db = ctx.database.db;
  const vehicleId = await insertVehicle(db, parkId, { registration: `DOC-${seq}${Math.floor(Math.random() * 1e5)}-A`, label: 'Corolla' });
  await db.update(vehicles).set({ chassisNumber: `VIN${seq}XYZ` }).where(eq(vehicles.id, vehicleId));
  const [owner] = await db
    .insert(vehicleOwners)
    .values({ parkId, type: 'individuel', firstName: 'Paul', lastName: v.ownerLast ?? 'Mbarga', phone: '+237690001122', street: 'Rue Joss, Bonanjo' })
    .returning({ id: vehicleOwners.id });
  const driverId = v.kind === 'DRIVER' ? await insertDriver(ctx, parkId, { firstName: 'Éric', lastName: v.driverLast ?? 'Ndongo' }) : null;
  const [{ n }] = (await db.execute<{ n: number }>(sql`select coalesce(max(number), 0)::int + 1 as n from contracts where park_id = ${parkId}`)).rows;
  const per = 250_000;
  const count = 4;
  const paid = v.paid ?? 0;
  const [c] = await db
    .insert(contracts)
    .values({
      parkId,
      number: n,
      contractType: v.kind,
      status: v.signedBy ? 'ACTIVE' : 'PENDING',
      vehicleId,
      vehicleOwnerId: owner.id,
      driverId,
      totalAmount: per * count,
      frequencyAmount: per,
      paymentFrequency: 'monthly',
      startDate: '2026-01-31',
      endDate: '2026-04-30',
      nextDueDate: '2026-02-28',
      totalPaid: paid,
      remainingAmount: per * count - paid,
      clauses: v.clauses ?? null,
      signedAt: v.signedBy ? new Date() : null,
      signedBy: v.signedBy?.profileId ?? null,
    })
    .returning({ id: contracts.id, number: contracts.number });
  const days = ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'];
  await db.insert(contractInstalments).values(
    days.map((dueDate, i) => ({
      parkId,
      contractId: c.id,
      seq: i + 1,
      dueDate,
      amount: per,
      paidAmount: i === 0 ? paid : 0,
      status: (i === 0 && paid >= per ? 'paid' : 'due') as 'paid' | 'due',
    })),
  );
  if (v.signedBy) await db.insert(contractSignatures).values({ parkId, contractId: c.id, profileId: v.signedBy.profileId, signerName: v.signedBy.name, documentVersion: 1 });
  return c;
}
