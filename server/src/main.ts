import { subscriptionsJob } from './modules/subscriptions/subscriptions.job.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { applyMigrations } from './platform/db/migrate.ts';
import { copyPgliteTemplate } from './platform/db/pglite-template.ts';
import { completeParkSetups } from './modules/access/park-setup.ts';
import { orphanSweepJob } from './modules/files/orphan-sweep.ts';
import { scheduleJobs, startJobs } from './platform/jobs.ts';
import { withdrawalsReconcileJob } from './modules/withdrawals/withdrawals.jobs.ts';
import { recipeJob } from './modules/recipes/recipe-job.ts';
import { dailyNoticesJob } from './modules/notifications/daily-notices.job.ts';
import { maintenanceStatusJob } from './modules/maintenance/maintenance-status.job.ts';
import { courseStatusJob } from './modules/courses/course-status.job.ts';
import { contractsJob } from './modules/contracts/contracts.jobs.ts';
import { yangoSyncJob } from './modules/yango/yango-sync.ts';
import { yangoRecipeJob } from './modules/recipes/yango-recipes.ts';
import { yangoDebitsJob } from './modules/yango/yango-debit.ts';
import { penaltyTriggersJob } from './modules/gps/trigger-job.ts';
import { phoneGpsRetentionJob } from './modules/phone-gps/phone-gps.job.ts';
import { payinsReconcileJob } from './modules/payins/payins.jobs.ts';
import { idempotencySweepJob } from './platform/idempotency/idempotency.ts';
import { createNotifier } from './platform/notifier/notifier.ts';
import { notifierConfigFromEnv } from './platform/notifier/notifier.config.ts';
import { outboxStore } from './modules/dev/outbox.service.ts';
import { demoBanner, seedDemoPark } from './demo/demo-park.ts';
import { restoreSimulatedLocks } from './modules/gps/simulated-locks.ts';

/** Reads config, opens the database, migrates, seeds the demo once, starts jobs, listens. */
async function main() {
  const started = Date.now();
  // Where the start's time goes (ms per phase), reported on the ready log line.
  const phases: Record<string, number> = { modules: Math.round(performance.now()) };
  let phaseStart = started;
  // And the CPU time of each (less disturbed than wall time by other work on the machine).
  const cpu: Record<string, number> = { modules: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000) };
  let cpuStart = process.cpuUsage();
  const phase = (name: string) => {
    const now = Date.now();
    phases[name] = now - phaseStart;
    phaseStart = now;
    const used = process.cpuUsage(cpuStart);
    cpu[name] = Math.round((used.user + used.system) / 1000);
    cpuStart = process.cpuUsage();
  };
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const bootLog = { error: (obj: object, msg: string) => console.error(msg, obj), info: (obj: object, msg: string) => console.log(msg, obj) };

  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite');
  // A new embedded database starts as a copy of the build's migrated blank one (no initdb).
  if (pgliteDir && copyPgliteTemplate(pgliteDir)) phase('template');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, log: bootLog });
  phase('open');
  await applyMigrations(database);
  phase('migrate');
  // Parks created before a module existed get what new parks start with (its chart of accounts ...).
  const completed = await completeParkSetups(database.db);
  if (Object.values(completed).some((n) => n > 0)) bootLog.info({ completed }, 'park setups completed');
  phase('parkSetups');

  let seeded = false;
  if (config.demo || process.argv.includes('--seed-only')) {
    const demo = await seedDemoPark(database.db);
    seeded = demo.created;
    if (demo.steps) bootLog.info({ steps: JSON.stringify(demo.steps) }, 'demo park seeded');
  }
  phase('demo');
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
  phase('app');

  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  // Simulator mode: the simulated GPS devices get back the locks still held (they forget them on a restart).
  void restoreSimulatedLocks(app.gps).catch((err: unknown) => app.log.warn({ err }, 'could not give the GPS simulator its locks back'));
  // Scheduled jobs (pg-boss: its schema, queues and schedules, a dozen round trips) start once the
  // server answers: none of them is due in the first seconds, and requests needn't wait for them.
  const jobsStarted = config.jobs
    ? (async () => {
        const boss = await startJobs(database.url, app.log);
        await scheduleJobs(boss, [orphanSweepJob({ db: database.db, storage: app.fileStorage }, app.log), idempotencySweepJob(database.db), withdrawalsReconcileJob({ db: database.db, payments: app.payments, resendAfterSeconds: config.payments.reconcileAfterSeconds, log: app.log }), recipeJob(database.db), dailyNoticesJob({ db: database.db, files: { db: database.db, storage: app.fileStorage, signingKey: config.jwtSecret }, notifier, publicUrl: config.publicUrl, log: app.log }), payinsReconcileJob(app.payins), maintenanceStatusJob(database.db), courseStatusJob(database.db), contractsJob(database.db), yangoSyncJob(app.yango), yangoRecipeJob(app.yango), yangoDebitsJob(app.yango), penaltyTriggersJob(app.gps), phoneGpsRetentionJob(database.db), subscriptionsJob(app.subscriptions)], app.log);
        return boss;
      })().catch((err: unknown) => {
        // A server whose scheduled work silently never runs must not go on: stop, as at start.
        console.error('Flotte could not start its scheduled jobs:', err instanceof Error ? err.message : err);
        process.exit(1);
      })
    : Promise.resolve(null);
  const url = `http://localhost:${config.port}`;
  app.log.info(
    { engine: database.engine, demo: config.demo, seeded, ms: Date.now() - started, phases, cpu },
    `Flotte ready on ${url} (${database.engine}) in ${Date.now() - started} ms`,
  );
  if (config.demo) console.log(demoBanner(url));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await (await jobsStarted)?.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
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
