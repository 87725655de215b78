import type PgBoss from 'pg-boss';

/**
 * pg-boss, on the same database as everything else (PostgreSQL, or PGlite through its socket),
 * so scheduled work is shared safely by any number of app instances. Modules register their
 * queues and schedules on the instance main.ts hands them.
 */
export async function startJobs(url: string, log: { error(obj: object, msg: string): void }): Promise<PgBoss> {
  // Loaded here, after the server answers (main.ts), not with every module at start.
  const { default: Boss } = await import('pg-boss');
  const boss = new Boss({ connectionString: url, max: 2, schema: 'pgboss' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Work a module wants done on a schedule (cron in UTC); what `run` answers is logged. */
export interface ScheduledJob {
  name: string;
  cron: string;
  run(): Promise<object>;
  /** How often the worker looks for a due job; a nightly job needn't look every 2 s (pg-boss's default). */
  pollSeconds?: number;
}

/**
 * Creates each job's queue, its schedule and its worker. pg-boss keeps one schedule per name and
 * sends each due job once, whichever instance's clock sees it first.
 */
export async function scheduleJobs(
  boss: PgBoss,
  jobs: ScheduledJob[],
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<void> {
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, { pollingIntervalSeconds: job.pollSeconds ?? 60 }, async () => {
      try {
        log.info({ job: job.name, ...(await job.run()) }, `job ${job.name} done`);
      } catch (err) {
        log.error({ err, job: job.name }, `job ${job.name} failed`);
        throw err; // pg-boss records the failure and retries as configured
      }
    });
  }
}
