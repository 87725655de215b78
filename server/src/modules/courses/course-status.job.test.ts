import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { advanceCourseStatuses } from './course-status.job.ts';
import { courseBody, courseCalls, insertClient, insertVehicleWithSeats } from './course-test-helpers.ts';
import { courses } from './courses.tables.ts';

let ctx: TestContext;
let owner: SignedIn;
let parkId: string;
const { created, get } = courseCalls(() => ctx, () => owner);

beforeAll(async () => {
  ctx = await createTestContext();
  const fx = await ctx.createPark({ name: 'Parc Horloge' });
  parkId = fx.park.id;
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx?.close());

const at = (wire: string) => fromWireDate(wire);
const statusOf = async (id: string) => (await ctx.database.db.select({ s: courses.status, started: courses.startedAt, missed: courses.missedAt }).from(courses).where(eq(courses.id, id)))[0];

describe('the course status job, on a chosen clock', () => {
  it('starts a course at its start with vehicle and driver, leaves one without them waiting, then marks it missed at its end', async () => {
    const client = await insertClient(ctx, parkId);
    const vehicle = await insertVehicleWithSeats(ctx, parkId, 'LT-900-JB', 4);
    const driver = await insertDriver(ctx, parkId, { lastName: 'Horloge' });
    const ready = await created(courseBody(client, { vehicle_id: vehicle, driver_id: driver }));
    const bare = await created(courseBody(client));
    const later = await created(courseBody(client, { start_date: '2030-03-05T08:00:00', end_date: '2030-03-05T10:00:00' }));

    // Before any start: nothing moves.
    expect(await advanceCourseStatuses(ctx.database.db, at('2030-03-04T07:59:00'))).toMatchObject({ started: 0, missed: 0 });
    // At the start: the course with both starts, the bare one waits.
    const nine = at('2030-03-04T09:00:00');
    expect(await advanceCourseStatuses(ctx.database.db, nine)).toEqual({ started: 1, missed: 0 });
    expect(await statusOf(ready.id)).toEqual({ s: 'inProgres', started: nine, missed: null });
    expect((await statusOf(bare.id)).s).toBe('awaiting');
    // Run twice: nothing more.
    expect(await advanceCourseStatuses(ctx.database.db, nine)).toEqual({ started: 0, missed: 0 });
    // At its end, the bare one is missed; the running one is left for a person to finish.
    const ten = at('2030-03-04T10:00:00');
    expect(await advanceCourseStatuses(ctx.database.db, ten)).toEqual({ started: 0, missed: 1 });
    expect(await statusOf(bare.id)).toEqual({ s: 'missed', started: null, missed: ten });
    expect((await statusOf(ready.id)).s).toBe('inProgres');
    expect((await statusOf(later.id)).s).toBe('awaiting');
    const page = await get('/api/course?group=past');
    expect(page.data.items.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[bare.id, 'missed']]);
  });
});
