import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { applyMigrations } from './platform/db/migrate.ts';
import { completeParkSetups } from './modules/access/park-setup.ts';
import { orphanSweepJob } from './modules/files/orphan-sweep.ts';
import { scheduleJobs, startJobs } from './platform/jobs.ts';
import { withdrawalsReconcileJob } from './modules/withdrawals/withdrawals.jobs.ts';
import { recipeJob } from './modules/recipes/recipe-job.ts';
import { payinsReconcileJob } from './modules/payins/payins.jobs.ts';
import { idempotencySweepJob } from './platform/idempotency/idempotency.ts';
import { createNotifier } from './platform/notifier/notifier.ts';
import { notifierConfigFromEnv } from './platform/notifier/notifier.config.ts';
import { outboxStore } from './modules/dev/outbox.service.ts';
import { demoBanner, seedDemoPark } from './demo/demo-park.ts';

/** Reads config, opens the database, migrates, seeds the demo once, starts jobs, listens. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const bootLog = { error: (obj: object, msg: string) => console.error(msg, obj), info: (obj: object, msg: string) => console.log(msg, obj) };

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    log: bootLog,
  });
  await applyMigrations(database);
  // Parks created before a module existed get what new parks start with (its chart of accounts ...).
  const completed = await completeParkSetups(database.db);
  if (Object.values(completed).some((n) => n > 0)) bootLog.info({ completed }, 'park setups completed');

  let seeded = false;
  if (config.demo || process.argv.includes('--seed-only')) seeded = (await seedDemoPark(database.db)).created;
  if (process.argv.includes('--seed-only')) {
    console.log(seeded ? 'Demo park created.' : 'Demo park already present: nothing to do.');
    await database.close();
    return;
  }

  // The app's logger is ready only once the app is built; the outbox logs through it.
  let appLog: { info(obj: object, msg: string): void } = bootLog;
  const notifier = createNotifier(notifierConfigFromEnv(process.env, config.demo), {
    outboxStore: outboxStore(database.db),
    log: { info: (obj, msg) => appLog.info(obj, msg) },
  });
  const app = await buildApp({ config, database, notifier });
  appLog = app.log;

  const jobs = config.jobs ? await startJobs(database.url, app.log) : null;
  if (jobs) await scheduleJobs(jobs, [orphanSweepJob({ db: database.db, storage: app.fileStorage }, app.log), idempotencySweepJob(database.db), withdrawalsReconcileJob({ db: database.db, payments: app.payments, resendAfterSeconds: config.payments.reconcileAfterSeconds, log: app.log }), recipeJob(database.db), payinsReconcileJob(app.payins)], app.log);

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  app.log.info(
    { engine: database.engine, demo: config.demo, seeded, ms: Date.now() - started },
    `Flotte ready on ${url} (${database.engine}) in ${Date.now() - started} ms`,
  );
  if (config.demo) console.log(demoBanner(url));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await jobs?.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error('Flotte could not start:', err instanceof Error ? err.message : err);
  if (process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
});
