import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZFleetDetails } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { zEnvelope } from '../../platform/envelope.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { vehicleConfigs } from '../vehicles/vehicles.tables.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

// GET /dashboard/fleet/details is sent as built (serializeBuiltAnswer), not through the zod
// serializer: its answer must still be exactly what the response schema describes, field for field
// and in its order, with a vehicle to name and the balance the owner may read.
it('answers the fleet dashboard exactly as its response schema describes it', async () => {
  const { park, owner } = await ctx.createPark({ name: 'Parc du schéma des cartes' });
  const vehicleId = await insertVehicle(ctx.database.db, park.id, { registration: 'LT-900-S', label: 'Sans planning' });
  await ctx.database.db.insert(vehicleConfigs).values({ vehicleId, parkId: park.id, workPlanning: 'daily', numberDrivers: 1, startTime: '08:00', endTime: '20:00' });
  const s = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });

  const res = await ctx.api('GET', '/api/dashboard/fleet/details', { token: s.token, profileId: s.profile_id });
  expect(res.status).toBe(200);
  expect(res.data.vehicles_without_planning_today.vehicles).toEqual([{ id: vehicleId, label: 'Sans planning', registration_number: 'LT-900-S' }]);
  expect(res.data.balance).not.toBeNull();
  const body = res.raw.body;
  expect(JSON.stringify(zEnvelope(ZFleetDetails).parse(JSON.parse(body)))).toBe(body);
});
