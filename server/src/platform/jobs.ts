import PgBoss from 'pg-boss';

/**
 * pg-boss, on the same database as everything else (PostgreSQL, or PGlite through its socket),
 * so scheduled work is shared safely by any number of app instances. Modules register their
 * queues and schedules on the instance main.ts hands them.
 */
export async function startJobs(url: string, log: { error(obj: object, msg: string): void }): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, max: 2, schema: 'pgboss' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}
