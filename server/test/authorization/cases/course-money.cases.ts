import { actingOf, finishDirect, insertClient, insertCourse } from '../../../src/modules/courses/course-money.test-support.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/**
 * Park B's course finished as the client's receivable (not settled), written directly and finished
 * by B's owner: what settling or printing it from park A must not reach.
 */
function receivableCourseOfB(w: World): Promise<string> {
  return w.recordOfB('course-receivable', async () => {
    const clientId = await insertClient(w.ctx, w.parkB, { name: 'Client B' });
    const c = await insertCourse(w.ctx, { parkId: w.parkB, clientId, amount: 15_000 });
    await finishDirect(w.ctx, await actingOf(w.ctx, w.parkB, w.ownerB.profileId), c.id, { payment_mode: 'receivable' });
    return c.id;
  });
}

/**
 * The courses' money (issue 20 sections 2 and 4): settling a receivable needs MANAGE_COURSES, the
 * purchase order VIEW_COURSES; another park's course is not found, and nothing of it moves.
 */
export const courseMoneyCases: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/course/:id/settle',
    denied: () => ({ url: `/api/course/${ZERO_ID}/settle`, body: {} }),
    otherPark: async (w) => ({ url: `/api/course/${await receivableCourseOfB(w)}/settle`, body: {} }),
  },
  {
    method: 'GET',
    url: '/api/course/:id/order',
    denied: () => ({ url: `/api/course/${ZERO_ID}/order` }),
    otherPark: async (w) => ({ url: `/api/course/${await receivableCourseOfB(w)}/order` }),
  },
];
