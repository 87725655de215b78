import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@flotte/contract';
import { courseReference } from '@flotte/contract/courses';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { pdfPlainText } from '../../../test/pdf-text.ts';
import { toWireDate } from '../../platform/dates.ts';
import { parks } from '../access/access.tables.ts';
import { clientContacts } from '../clients/clients.tables.ts';
import { memberWith } from '../operations/operations-test-helpers.ts';
import { as, recipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { courseRow, insertClient, insertCourse } from './course-money.test-support.ts';
import { courses } from './courses.tables.ts';
import { routeSummary } from './course-order.ts';

/**
 * The purchase order (GET /course/{id}/order): a PDF made on demand, named after the order's
 * number, printing the park's legal notice, the number, the client and his contact, both addresses
 * and times, vehicle and driver, distance and duration, the amount in the park's currency.
 */

let ctx: TestContext;
let w: RecipeWorld;

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
beforeEach(async () => {
  w = await recipeWorld(ctx);
});
afterAll(() => ctx?.close());

const order = (id: string, who = w.owner) => ctx.api('GET', `/api/course/${id}/order`, as(who));

describe('the purchase order', () => {
  it('prints the number, client, contact, addresses, vehicle, driver, distance and amount', async () => {
    await ctx.database.db.update(parks).set({ legalNotice: 'SARL au capital de 1 000 000 FCFA, RCCM DLA-2020-B-123' }).where(eq(parks.id, w.parkId));
    const clientId = await insertClient(ctx, w.parkId, { name: 'Société Gamma', businessName: 'Gamma Logistique SARL', niu: 'M012345678901X', rccm: 'RC/DLA/2021/B/456', email: 'achats@gamma.cm' });
    const [contact] = await ctx.database.db
      .insert(clientContacts)
      .values({ parkId: w.parkId, clientId, position: 0, name: 'Mireille Ngo', sex: 'Madame', phone: '+237677000111', email: 'mireille@gamma.cm' })
      .returning({ id: clientContacts.id });
    const c = await insertCourse(ctx, { parkId: w.parkId, clientId, amount: 1_250_000, vehicleId: w.vehicle, driverId: w.driverA, numberOfPeople: 3, description: 'Accueil de la délégation', distanceM: 12_400, durationS: 1_860 });
    await ctx.database.db.update(courses).set({ contactId: contact.id }).where(eq(courses.id, c.id));
    const row = await courseRow(ctx, c.id);
    const reference = courseReference(row.number, toWireDate(row.createdAt));

    const r = await order(c.id);
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.headers['content-disposition']).toBe(`attachment; filename="bon-de-commande-${reference}.pdf"`);
    expect(r.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPlainText(r.raw.rawPayload)).replace(/\u00a0/g, ' ');
    for (const part of [
      'Bon de commande',
      `N° ${reference}`,
      'Société Gamma',
      'Gamma Logistique SARL',
      'M012345678901X',
      'RC/DLA/2021/B/456',
      'achats@gamma.cm',
      'Mireille Ngo',
      'Aéroport de Douala',
      'Terminal national',
      'Hôtel Akwa Palace',
      'Boulevard de la Liberté',
      '4,0061° N',
      'Taxi 1',
      'Atangana Alain',
      'Nombre de personnes 3',
      '12,4 km',
      '31 min',
      '1 250 000 XAF',
      'Accueil de la délégation',
      'Mentions légales',
      'SARL au capital de 1 000 000 FCFA',
    ]) {
      expect(text).toContain(part);
    }
  });

  it("says 'à vol d'oiseau' when the route could not be computed", async () => {
    expect(routeSummary({ distanceM: 5_300, durationS: null, distanceSource: 'great_circle', start: { name: 'A', description: null, lat: 0, lng: 0 }, end: { name: 'B', description: null, lat: 0, lng: 0 } })).toBe(
      "De A à B\u00a0: 5,3 km à vol d'oiseau (itinéraire routier indisponible).",
    );
    const clientId = await insertClient(ctx, w.parkId);
    const c = await insertCourse(ctx, { parkId: w.parkId, clientId, amount: 0, distanceM: 5_300, durationS: null, distanceSource: 'great_circle' });
    const text = await pdfPlainText((await order(c.id)).raw.rawPayload);
    expect(text).toContain("à vol d'oiseau");
    expect(text).toContain('Non attribué');
  });

  it("needs VIEW_COURSES, and reads another park's course as not found", async () => {
    const clientId = await insertClient(ctx, w.parkId);
    const c = await insertCourse(ctx, { parkId: w.parkId, clientId, amount: 1_000 });
    const nobody = await memberWith(ctx, w.owner, w.parkId, ['VIEW_CONTRACTS']);
    expect((await order(c.id, nobody)).status).toBe(403);
    const viewer = await memberWith(ctx, w.owner, w.parkId, ['VIEW_COURSES']);
    expect((await order(c.id, viewer)).status).toBe(200);
    const other = await recipeWorld(ctx);
    const foreign = await order(c.id, other.owner);
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe(ErrorCodes.COURSE_NOT_FOUND.message);
  });
});
