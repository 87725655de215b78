import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { scheduleJobs, startJobs } from './jobs.ts';

let ctx: TestContext;
let boss: PgBoss;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  ctx = await createTestContext();
  boss = await startJobs(ctx.database.url, quiet);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await ctx.close();
});

describe('scheduled jobs', () => {
  it('schedules each job in UTC and runs it when one is due', async () => {
    let runs = 0;
    let done!: () => void;
    const ran = new Promise<void>((resolve) => (done = resolve));
    await scheduleJobs(boss, [{ name: 'test-sweep', cron: '30 2 * * *', run: async () => (runs++, done(), { files: 0 }), pollSeconds: 0.5 }], quiet);

    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === 'test-sweep')).toMatchObject({ cron: '30 2 * * *', timezone: 'UTC' });

    // The schedule's 02:30 is far off: send the job now, as the clock would.
    await boss.send('test-sweep', {});
    await ran;
    expect(runs).toBe(1);
  });
});
