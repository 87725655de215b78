#!/usr/bin/env node
// `npm run bench`: builds, then measures startup, memory at rest, API throughput and the web app's
// JavaScript weight against their targets, and prints one table. It reports; it doesn't assert:
// the exit code is non-zero only when the server could not be built or started. See README.md.
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cpuPerRequest, showCpu } from './cpu.mjs';
import { measureJsWeight } from './js-weight.mjs';
import { stopLighthouse } from './lighthouse.mjs';
import { webSection } from './web.mjs';
import { killAll, processMemory, root, signIn, startServer, stopServer } from './server.mjs';

const num = (name, fallback) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`${name} must be a number, got "${v}"`);
    process.exit(2);
  }
  return n;
};
const cfg = {
  duration: num('BENCH_DURATION', 10),
  connections: num('BENCH_CONNECTIONS', 50),
  warmup: num('BENCH_WARMUP', 1),
  idle: num('BENCH_IDLE', 3),
  databaseUrl: process.env.BENCH_DATABASE_URL || '',
  operations: num('BENCH_OPERATIONS', 1_000_000),
  recipeYears: num('BENCH_RECIPE_YEARS', 3),
  // Maintenances of the 10,000-vehicle park; the other large parks get as many per vehicle (0: none).
  maintenances: num('BENCH_MAINTENANCES', 200_000),
  // Contracts of the largest park listed in BENCH_FLEET_SIZES, with their instalments (0: none).
  contracts: num('BENCH_CONTRACTS', 10_000),
  // Courses of the largest park listed in BENCH_FLEET_SIZES, with their clients (0: none).
  courses: num('BENCH_COURSES', 100_000),
  // Drivers of the largest park linked to Yango, with BENCH_YANGO_DAYS days of their activity in our copy (0: none).
  yangoDrivers: num('BENCH_YANGO_DRIVERS', 150),
  yangoDays: num('BENCH_YANGO_DAYS', 120),
  // Vehicles of the 1,000-vehicle park given a tracker of the flespi simulator, with penalty
  // triggers and their action log (0: no GPS rows).
  gpsVehicles: num('BENCH_GPS_VEHICLES', 1000),
  gpsTriggers: num('BENCH_GPS_TRIGGERS', 20),
  gpsActions: num('BENCH_GPS_ACTIONS', 100_000),
  // The subscriptions group's park (issue 23): its vehicles and years of monthly invoices.
  subscriptionVehicles: num('BENCH_SUBSCRIPTION_VEHICLES', 1000),
  subscriptionYears: num('BENCH_SUBSCRIPTION_YEARS', 5),
  // The large parks' page groups to seed and measure (comma list; empty: all), e.g. 'contracts'.
  only: new Set((process.env.BENCH_ONLY ?? '').split(',').map((v) => v.trim()).filter(Boolean)),
  cpuRequests: num('BENCH_CPU_REQUESTS', 2000),
  cpuConnections: num('BENCH_CPU_CONNECTIONS', 4),
  // The large parks of the fleet pages, smallest first (empty: none); the money pages go to the
  // 10,000-vehicle park and the recipe pages to the 1,000-vehicle one when they are listed.
  // The web section (a demo server, Chromium, Lighthouse): BENCH_WEB=0 skips it.
  web: process.env.BENCH_WEB !== '0',
  lighthouseRuns: num('BENCH_LIGHTHOUSE_RUNS', 3),
  fleetSizes: (process.env.BENCH_FLEET_SIZES ?? '1000,10000').split(',').map((v) => v.trim()).filter(Boolean).map(Number),
};
const PAGE_GROUPS = ['fleet', 'money', 'recipes', 'maintenance', 'contracts', 'courses', 'yango', 'gps', 'subscriptions'];
if ([...cfg.only].some((g) => !PAGE_GROUPS.includes(g))) {
  console.error(`BENCH_ONLY lists groups among ${PAGE_GROUPS.join(', ')}; got "${process.env.BENCH_ONLY}"`);
  process.exit(2);
}
/** Whether the large parks' pages of `group` are seeded and measured (BENCH_ONLY). */
const wanted = (group) => cfg.only.size === 0 || cfg.only.has(group);
if (cfg.fleetSizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`BENCH_FLEET_SIZES must list vehicle counts, like 1000,10000; got "${process.env.BENCH_FLEET_SIZES}"`);
  process.exit(2);
}
const TARGET = { userCpuVsFloor: 5, listCpuMs: 4, listCpuGrowth: 1.3, firstStartS: 10, secondStartS: 3, restMB: 400, ratioPct: 20, signInKB: 150, anyRouteKB: 300, screenRequests: 20, moneyP99Ms: 50, recipesP99Ms: 100, maintenanceP99Ms: 50, maintenanceConnections: 10, contractsP99Ms: 50, contractsConnections: 10, coursesP99Ms: 50, coursesConnections: 10, yangoP99Ms: 50, yangoConnections: 10, gpsP99Ms: 50, gpsConnections: 10, gpsProviderP99Ms: 200, gpsProviderCpuMs: 20, gpsPassMs: 5000, planningGenerateMs: 1000, subscriptionConnections: 10, subscriptionP99Ms: 50, subscriptionInfoCpuMs: 2, vehicleLimitCpuMs: 4 };

// ---------------------------------------------------------------- cleanup
const tempDirs = [];
let benchDb = null; // { adminUrl, name }
const servers = new Set();
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  stopLighthouse(); // Lighthouse's Chrome; Playwright's Chromium closes with this process
  for (const s of servers) await stopServer(s).catch(() => undefined);
  killAll();
  if (benchDb) {
    const c = new pg.Client({ connectionString: benchDb.adminUrl });
    try {
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${benchDb.name}" WITH (FORCE)`);
      console.log(`cleanup: dropped database ${benchDb.name}`);
    } catch (err) {
      console.log(`cleanup: could not drop database ${benchDb.name}: ${err.message}`);
    } finally {
      await c.end().catch(() => undefined);
    }
  }
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    console.log(`\n${sig}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', () => {
  killAll();
  stopLighthouse();
});

// The bench server's and seed:large's key for sealed credentials (the Yango connection's API key).
const BENCH_SECRETS_KEY = 'flotte-bench-secrets-key-not-a-secret-0001';
const tmp = (label) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `flotte-bench-${label}-`));
  tempDirs.push(d);
  return d;
};
async function start(opts) {
  const s = await startServer(opts);
  servers.add(s);
  return s;
}
async function stop(s) {
  const ms = await stopServer(s);
  servers.delete(s);
  return ms;
}
async function fatal(what, err) {
  console.error(`\n✗ ${what}: ${err.message}`);
  if (err.output?.length) console.error(`--- server output (last lines) ---\n${err.output.slice(-40).join('\n')}\n---`);
  await cleanup();
  process.exit(1);
}

// ---------------------------------------------------------------- formatting
const s1 = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kB = (b) => `${(b / 1000).toFixed(1)} kB`;
const MB = (b) => `${(b / 1e6).toFixed(0)} MB`;
const mark = (ok) => (ok === null ? '–' : ok ? '✓' : '✗');
const section = (t) => console.log(`\n== ${t}`);

console.log(
  `Flotte bench: node ${process.version}, ${os.cpus().length} CPU, load ${cfg.duration} s × ${cfg.connections} connections` +
    ` (warm-up ${cfg.warmup} s), engine for load: ${cfg.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`,
);

// ---------------------------------------------------------------- 1. build
section('Build');
const notes = [];
const { buildServer, buildWeb } = await import(path.join(root, 'scripts/build.mjs'));
let t = performance.now();
try {
  const built = await buildServer();
  console.log(`server: ${built ? 'built' : 'up to date'} (${s1(performance.now() - t)})`);
} catch (err) {
  await fatal('server build failed', err);
}
if (existsSync(path.join(root, 'web/index.html'))) {
  t = performance.now();
  try {
    const built = buildWeb();
    console.log(`web: ${built ? 'built' : 'up to date'} (${s1(performance.now() - t)})`);
  } catch (err) {
    const msg = `web build failed (${String(err.message).split('\n')[0]}); JS weight measured on the existing web/dist, if any`;
    console.log(msg);
    notes.push(msg);
  }
} else {
  notes.push('web/index.html missing: web app not built');
  console.log('web: web/index.html missing, not built');
}

// ---------------------------------------------------------------- 5. JS weight (static files, early)
section('JavaScript weight (gzip -9 per file)');
let js = null;
{
  const dist = path.join(root, 'web/dist');
  // Others may rebuild web/dist while we read it: retry when a referenced file vanished.
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      js = measureJsWeight(dist, { routerFile: path.join(root, 'web/src/app/router.tsx'), signInPage: process.env.BENCH_SIGNIN_PAGE || 'LoginPage' });
    } catch (err) {
      js = { ok: false, reason: `could not read web/dist (${err.message})` };
    }
    if (js.ok ? js.missing.length === 0 : !existsSync(path.join(dist, 'index.html'))) break;
    await sleep(3000);
  }
  if (!js.ok) {
    console.log(`not measured: ${js.reason}`);
  } else {
    if (js.missing.length) notes.push(`web/dist changed while read; missing imports: ${js.missing.join(', ')}`);
    console.log('chunks (E = loaded by index.html, L = lazy, loaded by a dynamic import):');
    for (const f of js.files) console.log(`  ${f.entry ? 'E' : f.lazy ? 'L' : ' '} ${kB(f.bytes).padStart(9)}  ${f.file}`);
    console.log(`entry graph (index.html script + modulepreload + static imports): ${kB(js.entryGraph)}`);
    console.log('entry graph + each lazy chunk and its static imports:');
    for (const r of js.routes) console.log(`  ${kB(r.bytes).padStart(9)}  ${String(r.requests).padStart(3)} files  ${r.chunk} (+${kB(r.extra)})`);
    console.log(`routes as rendered (layout + page; nesting read from ${js.nestingFrom}):`);
    for (const r of js.nested) console.log(`  ${kB(r.bytes).padStart(9)}  ${String(r.requests).padStart(3)} files  ${r.chunks}`);
    if (js.signInMissing.length) notes.push(`sign-in chunk(s) not found in web/dist: ${js.signInMissing.join(', ')}`);
    console.log(`before sign-in usable (entry graph + ${js.signInChunks.join(' + ')}): ${kB(js.signIn)} in ${js.signInRequests} files`);
    console.log(`any route (largest screen of the above): ${kB(js.anyRoute)}; most JS files for one screen: ${js.anyScreenRequests} (${js.mostRequestsScreen})`);
    if (js.onDemand.length) console.log(`largest on-demand chunk (loads on a click, e.g. an export writer): ${kB(js.onDemand[0].bytes)} ${js.onDemand[0].chunk}`);
    console.log(`(CSS, not counted: ${kB(js.cssGz)} gzip)`);
  }
}

// ---------------------------------------------------------------- 2. startup, 3. memory at rest
section('Startup on the embedded database (fresh DATA_DIR, then restart on it)');
console.log(`machine load average (1 min): ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPU(s); other work on the machine inflates these times`);
const dataDir = tmp('data');
let first, second, rest;
try {
  first = await start({ dataDir, timeoutMs: 120_000 });
} catch (err) {
  await fatal('server could not start (first start, embedded)', err);
}
console.log(`first start: /api/health after ${s1(first.healthMs)}` + (first.readyLineMs !== null ? `, ${first.readyLineKind} after ${s1(first.readyLineMs)}` : ''));
const firstStop = await stop(first);
console.log(`first stop (SIGTERM -> exit ${first.exited.code ?? first.exited.signal}): ${s1(firstStop)}`);
try {
  second = await start({ dataDir, timeoutMs: 60_000 });
} catch (err) {
  await fatal('server could not start (second start, embedded)', err);
}
console.log(`second start: /api/health after ${s1(second.healthMs)}` + (second.readyLineMs !== null ? `, ${second.readyLineKind} after ${s1(second.readyLineMs)}` : ''));
await sleep(cfg.idle * 1000);
rest = processMemory(second.pid);
console.log(`memory at rest (${cfg.idle} s idle after ready, pid ${second.pid}): VmRSS ${MB(rest.rss)} (${(rest.rss / 2 ** 20).toFixed(0)} MiB), peak VmHWM ${MB(rest.hwm)}`);

/**
 * Seeds a park of `vehicles` vehicles into the bench database through bench's seed:large script.
 * Asynchronous on purpose: a synchronous child blocked this process for the minutes of a large seed,
 * so the server's log pipes were not drained and the keep-alive sockets the server closed meanwhile
 * were not noticed; the sign-in right after the 10,000-vehicle seed then failed ('fetch failed').
 */
async function seedLarge(databaseUrl, vehicles, operations = 0, recipeYears = 0, maintenances = 0, contracts = 0, courses = 0, yangoDrivers = 0, gpsVehicles = 0, subscription = null) {
  const args = ['--vehicles', String(vehicles), '--operations', String(operations), '--recipes-years', String(recipeYears), '--maintenances', String(maintenances), '--contracts', String(contracts), '--courses', String(courses)];
  args.push('--yango-drivers', String(yangoDrivers), '--yango-days', String(cfg.yangoDays));
  args.push('--gps-vehicles', String(gpsVehicles), '--gps-triggers', String(cfg.gpsTriggers), '--gps-actions', String(cfg.gpsActions));
  if (subscription) args.push('--subscription-years', String(subscription.years), '--subscription-headroom', String(subscription.headroom));
  const { stdout: out } = await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/src/demo/seed-large.ts'), ...args], {
    // The Yango and GPS connections' secrets are sealed with the bench server's secrets key.
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SECRETS_KEY: BENCH_SECRETS_KEY },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** The money pages measured on the large park: the operations list and a month's accounting state. */
function moneyPages() {
  const pad = (n) => String(n).padStart(2, '0');
  const day = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const now = new Date();
  const monthStart = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const monthEnd = new Date(now.getFullYear(), now.getMonth(), 0);
  const before = new Date(now.getFullYear(), now.getMonth() - 2, 1);
  const beforeEnd = new Date(now.getFullYear(), now.getMonth() - 1, 0);
  const period = `start_date=${day(monthStart)}T00:00:00&end_date=${day(monthEnd)}T23:59:59`;
  const last = `start_date_last_month=${day(before)}T00:00:00&end_date_last_month=${day(beforeEnd)}T23:59:59`;
  return [
    ['GET /api/accounting/pnl/operation page of 10', '/api/accounting/pnl/operation?page=1&itemPerPage=10'],
    ['GET /api/accounting/pnl/operation page of 10, expenses of last month', `/api/accounting/pnl/operation?page=1&itemPerPage=10&type=perte&${period}`],
    ['GET /api/accounting/state last month vs the month before', `/api/accounting/state?${period}&${last}`],
  ];
}

/** The recipe pages measured on the 1,000-vehicle park with its years of daily recipes. */
function recipePages() {
  return [
    ['GET /api/transaction/unpaid/recipes/history page of 20', '/api/transaction/unpaid/recipes/history?page=1&itemPerPage=20'],
    ['GET /api/dashboard/fleet/details', '/api/dashboard/fleet/details'],
  ];
}

/**
 * The maintenance pages measured on every large park (issue 18): the list's first page with the
 * default filters (all statuses, latest first), the finished ones, and one vehicle's history.
 */
function maintenancePages(vehicleId) {
  return [
    ['GET /api/entretien page of 10', '/api/entretien?page=1&itemPerPage=10'],
    ['GET /api/entretien page of 10, finished', '/api/entretien?page=1&itemPerPage=10&status=finished'],
    ...(vehicleId ? [["GET /api/entretien page of 10, one vehicle's", `/api/entretien?page=1&itemPerPage=10&vehicle_id=${vehicleId}`]] : []),
  ];
}

/**
 * The contract pages measured on the park with the contracts (issue 19): the list's first page
 * (every type and status, newest first), the active ones, the driver contracts, and the statistics.
 */
function contractPages() {
  return [
    ['GET /api/contract page of 10', '/api/contract?page=1&itemPerPage=10'],
    ['GET /api/contract page of 10, active', '/api/contract?page=1&itemPerPage=10&contract_status=ACTIVE'],
    ['GET /api/contract page of 10, driver contracts', '/api/contract?page=1&itemPerPage=10&contract_type=DRIVER'],
    ['GET /api/contract/stats', '/api/contract/stats'],
  ];
}

/**
 * The course pages measured on the park with the courses (issue 20): the list's past and coming
 * groups (the screen's two tabs that grow; page of 20, its default) and the clients' list.
 */
function coursePages() {
  return [
    ['GET /api/course?group=past page of 20', '/api/course?page=1&itemPerPage=20&group=past'],
    ['GET /api/course?group=upcoming page of 20', '/api/course?page=1&itemPerPage=20&group=upcoming'],
    ['GET /api/client page of 10', '/api/client?page=1&itemPerPage=10'],
  ];
}

/**
 * The Yango pages measured on the park with the Yango copy (issue 21): one linked driver's activity
 * (the 'Activités VTC' tab: this month by default, then his whole copied history) and the park's
 * reconciliation of Yango revenue with the recipes (this month, then the whole history).
 */
function yangoPages(yangoId, days) {
  const pad = (n) => String(n).padStart(2, '0');
  const day = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const now = new Date();
  const history = `start_date=${day(new Date(now.getTime() - days * 86_400_000))}T00:00:00&end_date=${day(now)}T23:59:59`;
  const driver = `/api/yango/yango-transaction/${encodeURIComponent(yangoId)}`;
  return [
    ["GET /api/yango/yango-transaction/:yango_id, this month", driver, 'month'],
    [`GET /api/yango/yango-transaction/:yango_id, ${days} days`, `${driver}?${history}`, 'history'],
    ['GET /api/yango/reconciliation, this month', '/api/yango/reconciliation', 'month'],
    [`GET /api/yango/reconciliation, ${days} days`, `/api/yango/reconciliation?${history}`, 'history'],
  ];
}

/**
 * The GPS pages measured on the 1,000-vehicle park with its trackers (issue 22): the fleet map and
 * one vehicle's day (yesterday in the park's zone: a whole day of positions), which ask the
 * provider (the flespi simulator, in-process on loopback), then the penalty triggers' list, the
 * action log's and the episodes' first pages, which read only our tables. The fourth field says
 * which budget applies: 'provider' or 'list'.
 */
function gpsPages(vehicleId, timeZone) {
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() - 86_400_000));
  return [
    ['GET /api/gps/fleet', '/api/gps/fleet', 'provider'],
    ...(vehicleId ? [[`GET /api/gps/vehicles/:id/day, yesterday`, `/api/gps/vehicles/${vehicleId}/day?date=${yesterday}`, 'provider']] : []),
    ['GET /api/penalty-triggers', '/api/penalty-triggers', 'list'],
    ['GET /api/penalty-triggers/actions page of 20', '/api/penalty-triggers/actions?page=1&itemPerPage=20', 'list'],
    ['GET /api/penalty-triggers/episodes page of 20', '/api/penalty-triggers/episodes?page=1&itemPerPage=20', 'list'],
  ];
}

/**
 * One pass of the penalty triggers' job over the acting park, through the dev route (the bench
 * server runs in demo mode, so the dev outbox and its routes are on): its wall time as the client
 * sees it, and what it did. Null when the server has no such route.
 */
/**
 * The subscription reads (issue 23): where the park stands, read on every dashboard load for the
 * near-end banner, and its invoice history (first page, and the paid ones).
 */
function subscriptionPages() {
  return [
    ['GET /api/subscription/active-subscription-info', '/api/subscription/active-subscription-info', 'info'],
    ['GET /api/subscription/invoices/history page of 10', '/api/subscription/invoices/history?page=1&itemPerPage=10', 'list'],
    ['GET /api/subscription/invoices/history?status=paid page of 10', '/api/subscription/invoices/history?page=1&itemPerPage=10&status=paid', 'list'],
  ];
}

/** A new vehicle's JSON body maker: each call a new plate, across every run that uses it. */
async function vehicleBody(base, headers) {
  const get = async (url) => (await (await fetch(`${base}${url}`, { headers })).json()).data;
  const [type] = await get('/api/vehicle-type');
  const brands = await get('/api/brand?itemPerPage=1000&page=1');
  const brand = brands.items.find((b) => b.name === 'Toyota') ?? brands.items[0];
  const [model] = await get(`/api/model/${brand.id}`);
  const [color] = await get('/api/color');
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  let i = 0;
  return () => JSON.stringify({ vehicle_type_id: type.id, brand_id: brand.id, model_id: model.id, color_id: color.id, registration_number: `SB-${stamp}-${i}`, label: `Bench ${i++}` });
}

async function timeTriggerPass(base, headers) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/dev/gps/run-triggers`, { method: 'POST', headers });
  const ms = performance.now() - t0;
  if (res.status === 404) return null;
  const body = await res.json();
  if (!res.ok) throw new Error(`dev/gps/run-triggers answered ${res.status}: ${body.message}`);
  return { ms, ...body.data };
}

/**
 * Planning generation for every vehicle of the park over 31 days, one request at a time (it is a
 * person's click, not a load): the median and the slowest of `runs`.
 */
async function timeGeneration(base, headers, runs = 5) {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const start = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
  const endDay = new Date(now.getFullYear(), now.getMonth(), 31);
  const end = `${endDay.getFullYear()}-${pad(endDay.getMonth() + 1)}-${pad(endDay.getDate())}`;
  const times = [];
  let entries = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/planning/generate`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ start_date: start, end_date: end }) });
    const body = await res.json();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`planning/generate answered ${res.status}: ${body.message}`);
    entries = body.data.entries.length;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times.at(-1), entries };
}

// ---------------------------------------------------------------- 4. load
async function load(base, url, headers, connections = cfg.connections) {
  const opts = { url: `${base}${url}`, connections, headers, timeout: 10 };
  if (cfg.warmup > 0) await autocannon({ ...opts, duration: cfg.warmup });
  const r = await autocannon({ ...opts, duration: cfg.duration });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
const showLoad = (label, r) =>
  console.log(
    `${label}: ${r.rps.toFixed(0)} req/s average, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.total} requests` +
      `${r.non2xx || r.errors || r.timeouts ? `, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : ', all 2xx'})`,
  );

let target = second;
let benchDatabaseUrl = null;
let engine = 'embedded PGlite';
let pgStart = null;
if (cfg.databaseUrl) {
  await stop(second);
  section('Load on PostgreSQL (fresh database)');
  const name = `flotte_bench_${Date.now()}`;
  let url;
  try {
    url = new URL(cfg.databaseUrl);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`BENCH_DATABASE_URL must point to 127.0.0.1, not ${url.hostname}`);
    const c = new pg.Client({ connectionString: cfg.databaseUrl });
    await c.connect();
    try {
      await c.query(`CREATE DATABASE "${name}"`);
    } finally {
      await c.end();
    }
    benchDb = { adminUrl: cfg.databaseUrl, name };
  } catch (err) {
    await fatal('could not create the bench database on BENCH_DATABASE_URL', err);
  }
  url.pathname = `/${name}`;
  benchDatabaseUrl = url.toString();
  console.log(`database ${name} created`);
  try {
    target = await start({ dataDir: tmp('pg-data'), databaseUrl: url.toString(), timeoutMs: 120_000, env: { SECRETS_KEY: BENCH_SECRETS_KEY } });
  } catch (err) {
    await fatal('server could not start on PostgreSQL', err);
  }
  pgStart = target.healthMs;
  engine = 'PostgreSQL';
  console.log(`first start on PostgreSQL (migrations + demo seed): /api/health after ${s1(pgStart)}`);
} else {
  section('Load on the embedded database (the server of the second start)');
}

/** CPU per request of `url`, on the server and (on PostgreSQL) the bench database's backends. */
const cpu = (url, headers) =>
  cpuPerRequest({ url: `${target.base}${url}`, headers, serverPid: target.pid, dbName: benchDb?.name ?? null, requests: cfg.cpuRequests, connections: cfg.cpuConnections });

let floor, user;
let floorCpu = null, liveCpu = null, userCpu = null;
try {
  floor = await load(target.base, '/api/health');
  showLoad('(a) GET /api/health (floor)', floor);
  const headers = await signIn(target.base); // right before the load: the access token lives 15 min
  user = await load(target.base, '/api/user', headers);
  showLoad('(b) GET /api/user (authenticated)', user);
  if (cfg.cpuRequests > 0) {
    liveCpu = await cpu('/api/health/live');
    showCpu('GET /api/health/live (no database)', liveCpu);
    floorCpu = await cpu('/api/health');
    showCpu('GET /api/health (floor)', floorCpu);
    userCpu = await cpu('/api/user', headers);
    showCpu('GET /api/user (authenticated)', userCpu);
  }
} catch (err) {
  console.log(`load failed: ${err.message}`);
  notes.push(`load failed: ${err.message}`);
}
// Fleet pages at scale (PostgreSQL only): a park of 1,000 vehicles, then one of 10,000, in the same
// database; the cost of a page of 10 with a search must not grow with the fleet.
const fleet = [];
const money = [];
const recipes = [];
const maintenance = [];
const contractLoads = [];
const courseLoads = [];
const yangoLoads = [];
const gpsLoads = [];
const gpsPasses = [];
let gpsSeeded = null;
let generation = null;
if (cfg.databaseUrl && floor) {
  section('Fleet pages at scale (PostgreSQL)');
  for (const size of cfg.fleetSizes) {
    try {
      // The large park also gets its years of operations (issue 5): the money pages at scale.
      const operations = size === 10000 && wanted('money') ? cfg.operations : 0;
      // The 1,000-vehicle park gets its years of daily recipes (issue 6): the recipe pages at scale.
      const recipeYears = size === 1000 && wanted('recipes') ? cfg.recipeYears : 0;
      // Every large park gets its maintenances (issue 18), as many per vehicle: the list must stay flat.
      const maintenances = wanted('maintenance') ? Math.round((cfg.maintenances * size) / 10000) : 0;
      // The largest park gets the contracts (issue 19): their list and statistics at scale.
      const contracts = size === cfg.fleetSizes.at(-1) && wanted('contracts') ? cfg.contracts : 0;
      // And the courses (issue 20), with their clients: the course and client lists at scale.
      const courses = size === cfg.fleetSizes.at(-1) && wanted('courses') ? cfg.courses : 0;
      // And the Yango link (issue 21): linked drivers with months of Yango activity in our copy.
      const yangoDrivers = size === cfg.fleetSizes.at(-1) && wanted('yango') ? cfg.yangoDrivers : 0;
      // The 1,000-vehicle park gets trackers and penalty triggers (issue 22): the GPS pages and the
      // triggers' job over the park with its recipes (when the recipes group runs too).
      const gpsVehicles = size === 1000 && wanted('gps') ? Math.min(cfg.gpsVehicles, size) : 0;
      if (!wanted('fleet') && !operations && !recipeYears && !maintenances && !contracts && !courses && !yangoDrivers && !gpsVehicles) {
        console.log(`park of ${size} vehicles: none of BENCH_ONLY's groups is measured there, not seeded`);
        continue;
      }
      const seeded = await seedLarge(benchDatabaseUrl, size, operations, recipeYears, maintenances, contracts, courses, yangoDrivers, gpsVehicles);
      console.log(
        `park of ${seeded.vehicles} vehicles, ${seeded.drivers} drivers, ${seeded.operations} operations, ${seeded.maintenances} maintenances` +
          `, ${seeded.contracts} contracts (${seeded.instalments} instalments), ${seeded.courses} courses (${seeded.clients} clients)` +
          ` and ${seeded.yangoDrivers} Yango drivers (${seeded.yangoTransactions} transactions, ${seeded.yangoOrders} orders)` +
          `, ${seeded.gpsVehicles} GPS vehicles (${seeded.gpsTriggers} triggers, ${seeded.gpsEnabledTriggers} enabled, ${seeded.gpsEpisodes} episodes, ${seeded.gpsDoneLocks} locks placed, ${seeded.gpsActions} actions)` +
          ` seeded in ${seeded.seconds.toFixed(1)} s`,
      );
      const headers = await signIn(target.base, seeded.owner.email, seeded.owner.password);
      if (seeded.gpsVehicles > 0) {
        // First, so the first pass of the triggers' job after the seed is most likely ours (the
        // server's own runs every minute): that pass, then the next one, as the job's steady state.
        gpsSeeded = seeded;
        for (const which of ['first after the seed', 'next']) {
          const pass = await timeTriggerPass(target.base, headers);
          if (!pass) {
            notes.push('the server has no POST /api/dev/gps/run-triggers: the penalty triggers\' pass was not measured');
            break;
          }
          console.log(`penalty triggers' pass (${which}): ${pass.ms.toFixed(0)} ms, ${pass.fired} fired, ${pass.settled} settled, ${pass.retried} retried (${seeded.recipes} recipes)`);
          gpsPasses.push({ which, recipes: seeded.recipes, ...pass });
        }
        const db = new pg.Client({ connectionString: benchDatabaseUrl });
        await db.connect();
        const timeZone = (await db.query('select time_zone from parks where id = $1', [seeded.park_id]).finally(() => db.end())).rows[0].time_zone;
        const probe = await (await fetch(`${target.base}/api/gps/fleet`, { headers })).json();
        const located = probe.data?.vehicles?.filter((v) => v.position).length ?? 0;
        console.log(`GET /api/gps/fleet: provider_ok ${probe.data?.provider_ok}, ${probe.data?.vehicles?.length ?? 0} vehicles, ${located} located`);
        if (probe.data?.provider_ok !== true) notes.push(`GET /api/gps/fleet answered provider_ok ${probe.data?.provider_ok}: the GPS rows measured a provider failure`);
        // At 10 connections, as the other groups on the large parks.
        for (const [label, url, budget] of gpsPages(seeded.gpsSampleVehicleId, timeZone)) {
          const r = await load(target.base, url, headers, TARGET.gpsConnections);
          showLoad(`${label} (${seeded.gpsVehicles} GPS vehicles, ${seeded.gpsActions} actions, ${TARGET.gpsConnections} connections)`, r);
          const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
          if (c) showCpu(`${label} (${seeded.gpsVehicles} GPS vehicles)`, c);
          gpsLoads.push({ label, budget, r, cpu: c });
        }
      }
      if (contracts > 0) {
        // At 10 connections (the issue's target), as the maintenance list.
        for (const [label, url] of contractPages()) {
          const r = await load(target.base, url, headers, TARGET.contractsConnections);
          showLoad(`${label} (${seeded.contracts} contracts, ${TARGET.contractsConnections} connections)`, r);
          const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
          if (c) showCpu(`${label} (${seeded.contracts} contracts)`, c);
          contractLoads.push({ label, count: seeded.contracts, instalments: seeded.instalments, r, cpu: c });
        }
      }
      if (courses > 0) {
        // At 10 connections (the issue's target), as the contracts.
        for (const [label, url] of coursePages()) {
          const r = await load(target.base, url, headers, TARGET.coursesConnections);
          showLoad(`${label} (${seeded.courses} courses, ${TARGET.coursesConnections} connections)`, r);
          const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
          if (c) showCpu(`${label} (${seeded.courses} courses)`, c);
          courseLoads.push({ label, count: seeded.courses, clients: seeded.clients, r, cpu: c });
        }
      }
      if (seeded.yangoSampleId) {
        // At 10 connections, as the contracts and courses.
        for (const [label, url, period] of yangoPages(seeded.yangoSampleId, cfg.yangoDays)) {
          const r = await load(target.base, url, headers, TARGET.yangoConnections);
          showLoad(`${label} (${seeded.yangoTransactions} transactions, ${TARGET.yangoConnections} connections)`, r);
          const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
          if (c) showCpu(`${label} (${seeded.yangoTransactions} transactions)`, c);
          yangoLoads.push({ label, period, drivers: seeded.yangoDrivers, transactions: seeded.yangoTransactions, r, cpu: c });
        }
      }
      // The fleet lists (BENCH_ONLY may leave them out; their park is still seeded for the others).
      if (wanted('fleet')) {
        const vehiclesPage = await load(target.base, '/api/vehicle?page=1&itemPerPage=10&search=Coro', headers);
        showLoad(`GET /api/vehicle page of 10, search (${size} vehicles)`, vehiclesPage);
        const driversPage = await load(target.base, '/api/driver?page=1&itemPerPage=10&search=Mbar', headers);
        showLoad(`GET /api/driver page of 10, search (${seeded.drivers} drivers)`, driversPage);
        const cpuOf = {};
        if (cfg.cpuRequests > 0) {
          cpuOf.vehiclesPage = await cpu('/api/vehicle?page=1&itemPerPage=10&search=Coro', headers);
          showCpu(`GET /api/vehicle page of 10, search (${size} vehicles)`, cpuOf.vehiclesPage);
          cpuOf.driversPage = await cpu('/api/driver?page=1&itemPerPage=10&search=Mbar', headers);
          showCpu(`GET /api/driver page of 10, search (${seeded.drivers} drivers)`, cpuOf.driversPage);
        }
        fleet.push({ size, vehiclesPage, driversPage, cpu: cpuOf });
      }
      if (maintenances > 0) {
        // At 10 connections (the issue's target), one vehicle's history for the filtered variant.
        const vehicle = await (await fetch(`${target.base}/api/vehicle?page=1&itemPerPage=1`, { headers })).json();
        for (const [label, url] of maintenancePages(vehicle.data?.items?.[0]?.id)) {
          const r = await load(target.base, url, headers, TARGET.maintenanceConnections);
          showLoad(`${label} (${maintenances} maintenances, ${TARGET.maintenanceConnections} connections)`, r);
          const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
          if (c) showCpu(`${label} (${maintenances} maintenances)`, c);
          maintenance.push({ label, size, count: maintenances, r, cpu: c });
        }
      }
      if (recipeYears > 0) {
        console.log(`${seeded.recipes} recipes over ${recipeYears} years`);
        for (const [label, url] of recipePages()) {
          const r = await load(target.base, url, headers);
          showLoad(`${label} (${seeded.recipes} recipes)`, r);
          const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
          if (c) showCpu(`${label} (${seeded.recipes} recipes)`, c);
          recipes.push({ label, count: seeded.recipes, r, cpu: c });
        }
        generation = { vehicles: size, ...(await timeGeneration(target.base, headers)) };
        console.log(`POST /api/planning/generate, ${size} vehicles over 31 days: median ${generation.median.toFixed(0)} ms, max ${generation.max.toFixed(0)} ms, ${generation.entries} entries`);
      }
      if (operations > 0) {
        for (const [label, url] of moneyPages()) {
          const r = await load(target.base, url, headers);
          showLoad(`${label} (${operations} operations)`, r);
          const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
          if (c) showCpu(`${label} (${operations} operations)`, c);
          money.push({ label, operations, r, cpu: c });
        }
      }
    } catch (err) {
      console.log(`fleet load at ${size} failed: ${err.message}`);
      notes.push(`fleet load at ${size} failed: ${err.message}`);
    }
  }
}

// Subscriptions (issue 23), PostgreSQL only: a park of BENCH_SUBSCRIPTION_VEHICLES (1,000) on a
// paid monthly subscription for BENCH_SUBSCRIPTION_YEARS (5) years, with its ~100 paid invoices
// (60 months and 40 upgrades). Its reads at 10 connections with their CPU, then POST /api/vehicle
// with room left (the limit's check under the park's lock, then the insert) and at the limit (the
// check, then the refusal, 422): what the check costs every vehicle added.
const subscriptionLoads = [];
const vehicleWrites = [];
let subscriptionSeeded = null;
if (cfg.databaseUrl && floor && wanted('subscriptions')) {
  section('Subscriptions (PostgreSQL)');
  try {
    // Each accepted POST adds a vehicle: a few hundred are enough for a steady figure.
    const postRequests = Math.min(cfg.cpuRequests, 500);
    const postWarmup = Math.ceil(postRequests / 4);
    const seeded = await seedLarge(benchDatabaseUrl, cfg.subscriptionVehicles, 0, 0, 0, 0, 0, 0, 0, { years: cfg.subscriptionYears, headroom: postRequests + postWarmup });
    subscriptionSeeded = seeded;
    console.log(
      `park of ${seeded.vehicles} vehicles (${seeded.subscriptionVehiclesUsed} in use), ${seeded.subscriptionInvoices} paid subscription invoices over ${cfg.subscriptionYears} years,` +
        ` its subscription allows ${seeded.subscriptionVehicles}; seeded in ${seeded.seconds.toFixed(1)} s`,
    );
    const headers = await signIn(target.base, seeded.owner.email, seeded.owner.password);
    const info = await (await fetch(`${target.base}/api/subscription/active-subscription-info`, { headers })).json();
    console.log(`active-subscription-info: ${info.data?.state}, ${info.data?.vehicles_used} / ${info.data?.vehicles_allowed} vehicles, ${info.data?.days_left} days left`);
    for (const [label, url, kind] of subscriptionPages()) {
      const r = await load(target.base, url, headers, TARGET.subscriptionConnections);
      showLoad(`${label} (${seeded.subscriptionInvoices} invoices, ${TARGET.subscriptionConnections} connections)`, r);
      const c = cfg.cpuRequests > 0 ? await cpu(url, headers) : null;
      if (c) showCpu(`${label} (${seeded.subscriptionInvoices} invoices)`, c);
      subscriptionLoads.push({ label, kind, r, cpu: c });
    }
    if (cfg.cpuRequests > 0) {
      const body = await vehicleBody(target.base, headers);
      const post = (expectStatus) =>
        cpuPerRequest({ url: `${target.base}/api/vehicle`, headers, serverPid: target.pid, dbName: benchDb?.name ?? null, requests: postRequests, warmup: postWarmup, connections: cfg.cpuConnections, method: 'POST', body, expectStatus });
      const room = await post(null);
      showCpu(`POST /api/vehicle with room left (${seeded.subscriptionVehiclesUsed.toLocaleString('en-US')} vehicles and up)`, room);
      vehicleWrites.push({ label: 'POST /api/vehicle, room left (check + insert; info)', budget: null, cpu: room });
      // The accepted ones took every place left: the park is at its limit (asked of the API).
      const now = (await (await fetch(`${target.base}/api/subscription/active-subscription-info`, { headers })).json()).data;
      console.log(`now ${now?.vehicles_used} / ${now?.vehicles_allowed} vehicles`);
      if (now && now.vehicles_used < now.vehicles_allowed) notes.push(`the subscriptions park still had ${now.vehicles_allowed - now.vehicles_used} places: some refused POSTs were accepted`);
      const full = await post(422);
      showCpu(`POST /api/vehicle at the limit, refused 422 (${now?.vehicles_used} vehicles)`, full);
      vehicleWrites.push({ label: 'POST /api/vehicle at the limit (check, refused 422)', budget: TARGET.vehicleLimitCpuMs, cpu: full, expect: 422 });
    }
  } catch (err) {
    console.log(`subscriptions load failed: ${err.message}`);
    notes.push(`subscriptions load failed: ${err.message}`);
  }
}

const ratio = floor && user ? (user.rps / floor.rps) * 100 : null;
if (ratio !== null) console.log(`(b)/(a): ${ratio.toFixed(1)}%`);
const afterLoad = target.exited ? null : processMemory(target.pid);
if (afterLoad) console.log(`server RSS after load: ${MB(afterLoad.rss)} (peak ${MB(afterLoad.hwm)})`);
const warnLines = target.output.filter((l) => l.startsWith('[stderr]') || /"level":(40|50|60)/.test(l));
if (warnLines.length) {
  console.log(`server logged ${warnLines.length} warning/error line(s), first ones:`);
  for (const l of warnLines.slice(0, 5)) console.log(`  ${l.slice(0, 300)}`);
}
await stop(target);

// ---------------------------------------------------------------- 7. the web app in a browser
// Last: no server of the load runs meanwhile (Lighthouse's timings suffer from a busy machine).
let web = { rows: [], notes: [] };
if (cfg.web) {
  section('Web app in Chromium (cold loads on a phone viewport, then Lighthouse)');
  web = await webSection({ start, stop, tmp, dist: path.join(root, 'web/dist'), routerFile: path.join(root, 'web/src/app/router.tsx'), lighthouseRunCount: cfg.lighthouseRuns });
  notes.push(...web.notes);
}

// ---------------------------------------------------------------- 6. table
const rows = [];
const row = (measure, value, tgt, ok) => rows.push([measure, value, tgt, mark(ok)]);
// Rows measured under load at 50 connections (req/s ratio, p99 ratios): shown with their targets
// but not counted, their CPU-per-request rows judge instead (README.md, "CPU per request").
const reported = new Set();
row('Ready, first start (fresh embedded DATA_DIR)', s1(first.healthMs), `< ${TARGET.firstStartS} s`, first.healthMs < TARGET.firstStartS * 1000);
row('Ready, second start (same DATA_DIR)', s1(second.healthMs), `< ${TARGET.secondStartS} s`, second.healthMs < TARGET.secondStartS * 1000);
row('Memory at rest, embedded (VmRSS)', MB(rest.rss), `< ${TARGET.restMB} MB`, rest.rss < TARGET.restMB * 1e6);
if (pgStart !== null) row('Ready, first start on PostgreSQL (info)', s1(pgStart), '', null);
row(`Floor GET /api/health (${engine})`, floor ? `${floor.rps.toFixed(0)} req/s, p50 ${floor.p50} / p99 ${floor.p99} ms` : 'not measured', '', null);
row(`Authenticated GET /api/user (${engine})`, user ? `${user.rps.toFixed(0)} req/s, p50 ${user.p50} / p99 ${user.p99} ms` : 'not measured', '', null);
const ratioOk = ratio === null ? null : ratio >= TARGET.ratioPct;
row(
  `GET /api/user / floor (${engine})`,
  ratio === null ? 'not measured' : `${ratio.toFixed(1)}%`,
  cfg.databaseUrl ? `≥ ${TARGET.ratioPct}%` : `≥ ${TARGET.ratioPct}% on PostgreSQL (indicative here)`,
  ratioOk,
);
reported.add(rows.at(-1));
// CPU per request: the targets that judge (README.md, "CPU per request"). The req/s and p99 rows
// above and below are reported: on a shared 2-core machine they measure the sharing of the cores.
const cpuText = (c) => (c.totalMs === null ? 'not measured' : `${c.totalMs.toFixed(2)} ms (server ${c.serverMs.toFixed(2)} + DB ${c.dbMs.toFixed(2)})`);
if (liveCpu) row(`CPU/request GET /api/health/live (${engine}, info)`, cpuText(liveCpu), '', null);
if (floorCpu) row(`CPU/request GET /api/health, the floor (${engine}, info)`, cpuText(floorCpu), '', null);
if (userCpu && floorCpu) {
  const k = userCpu.totalMs !== null && floorCpu.totalMs ? userCpu.totalMs / floorCpu.totalMs : null;
  row(
    `CPU/request GET /api/user / floor's (${engine})`,
    userCpu.ok && k !== null ? `${cpuText(userCpu)} = ${k.toFixed(1)} × floor` : `failed: ${cpuText(userCpu)}, ${userCpu.non2xx} non-2xx, ${userCpu.errors} errors`,
    cfg.databaseUrl ? `≤ ${TARGET.userCpuVsFloor} ×` : `≤ ${TARGET.userCpuVsFloor} × on PostgreSQL (indicative here)`,
    userCpu.ok && k !== null ? k <= TARGET.userCpuVsFloor : false,
  );
}
if (fleet.length >= 2 && fleet[0].cpu.vehiclesPage) {
  const small = fleet[0];
  const large = fleet.at(-1);
  const at = (f) => f.size.toLocaleString('en-US');
  for (const key of ['vehiclesPage', 'driversPage']) {
    const what = key === 'vehiclesPage' ? 'GET /api/vehicle' : 'GET /api/driver';
    const [a, b] = [small.cpu[key], large.cpu[key]];
    if (!a.ok || !b.ok || a.totalMs === null || b.totalMs === null) {
      row(`CPU/request ${what} search`, `failed: ${cpuText(a)} / ${cpuText(b)}`, 'all 2xx', false);
      continue;
    }
    row(`CPU/request ${what} search at ${at(large)} vehicles`, cpuText(b), `≤ ${TARGET.listCpuMs} ms`, b.totalMs <= TARGET.listCpuMs);
    const growth = b.totalMs / a.totalMs;
    row(`CPU/request ${what} search at ${at(large)} / at ${at(small)}`, `${b.totalMs.toFixed(2)} / ${a.totalMs.toFixed(2)} ms = ${growth.toFixed(2)}`, `≤ ${TARGET.listCpuGrowth}`, growth <= TARGET.listCpuGrowth);
  }
}
if (fleet.length >= 2) {
  const small = fleet[0];
  const large = fleet.at(-1);
  for (const key of ['vehiclesPage', 'driversPage']) {
    const what = key === 'vehiclesPage' ? 'GET /api/vehicle' : 'GET /api/driver';
    // A run that answered nothing (timeouts, errors) has no latency to compare: it failed.
    const broken = [small, large].find((f) => f[key].total === 0 || f[key].errors > 0 || f[key].non2xx > 0);
    if (broken) {
      const r = broken[key];
      row(`${what} at ${broken.size.toLocaleString('en-US')} vehicles`, `failed: ${r.total} answered, ${r.errors} errors, ${r.timeouts} timeouts`, 'all 2xx', false);
      continue;
    }
    const growth = large[key].p99 / Math.max(small[key].p99, 1);
    row(`${what} p99 at ${large.size.toLocaleString('en-US')} / at ${small.size.toLocaleString('en-US')} vehicles`, `${large[key].p99} / ${small[key].p99} ms = ${growth.toFixed(2)}`, '≤ 1.2', growth <= 1.2);
    reported.add(rows.at(-1));
    const vsFloor = large[key].p99 / Math.max(floor.p99, 1);
    row(`${what} p99 at ${large.size.toLocaleString('en-US')} / floor p99`, `${large[key].p99} / ${floor.p99} ms = ${vsFloor.toFixed(1)}`, '≤ 4', vsFloor <= 4);
    reported.add(rows.at(-1));
  }
}
/**
 * A page measured on a large park: its p99 at 50 connections and, when measured, its CPU per request.
 * At 50 connections on 2 shared cores the p99 is a throughput figure (about 50 / req/s), so the CPU
 * each page costs judges, with the fleet lists' budget, and the p99 row is reported only.
 */
function pageRows(what, r, c, p99Target) {
  const failed = r.total === 0 || r.errors > 0 || r.non2xx > 0;
  row(
    `${what}, p99 (floor p99 ${floor.p99} ms)`,
    failed ? `failed: ${r.total} answered, ${r.non2xx} non-2xx, ${r.errors} errors` : `${r.p99} ms (${(r.p99 / Math.max(floor.p99, 1)).toFixed(1)} × floor)`,
    `< ${p99Target} ms`,
    !failed && r.p99 < p99Target,
  );
  if (!c) return;
  reported.add(rows.at(-1));
  row(
    `CPU/request ${what}`,
    c.ok ? cpuText(c) : `failed: ${cpuText(c)}, ${c.non2xx} non-2xx, ${c.errors} errors`,
    `≤ ${TARGET.listCpuMs} ms`,
    c.ok && c.totalMs !== null && c.totalMs <= TARGET.listCpuMs,
  );
}
for (const { label, operations, r, cpu: c } of money) pageRows(`${label} at ${operations.toLocaleString('en-US')} operations`, r, c, TARGET.moneyP99Ms);
for (const { label, count, r, cpu: c } of recipes) pageRows(`${label} at ${count.toLocaleString('en-US')} recipes`, r, c, TARGET.recipesP99Ms);
// The maintenance list (issue 18): p99 at 10 connections under 50 ms in each park, and flat
// between the smallest and the largest park (its CPU per request judges, as for the fleet lists).
for (const { label, size, count, r } of maintenance) {
  const failed = r.total === 0 || r.errors > 0 || r.non2xx > 0;
  row(
    `${label} at ${count.toLocaleString('en-US')} maintenances (${size.toLocaleString('en-US')} vehicles), p99 at ${TARGET.maintenanceConnections} connections`,
    failed ? `failed: ${r.total} answered, ${r.non2xx} non-2xx, ${r.errors} errors` : `${r.p99} ms (p50 ${r.p50} ms, ${r.rps.toFixed(0)} req/s)`,
    `< ${TARGET.maintenanceP99Ms} ms`,
    !failed && r.p99 < TARGET.maintenanceP99Ms,
  );
}
if (cfg.fleetSizes.length >= 2) {
  const [smallest, largest] = [cfg.fleetSizes[0], cfg.fleetSizes.at(-1)];
  for (const label of new Set(maintenance.map((m) => m.label))) {
    const [a, b] = [smallest, largest].map((size) => maintenance.find((m) => m.label === label && m.size === size));
    if (!a || !b) continue;
    const at = (m) => `${m.count.toLocaleString('en-US')}`;
    const growth = b.r.p99 / Math.max(a.r.p99, 1);
    row(`${label} p99 at ${at(b)} / at ${at(a)} maintenances`, `${b.r.p99} / ${a.r.p99} ms = ${growth.toFixed(2)}`, '≤ 1.2', growth <= 1.2);
    reported.add(rows.at(-1));
    if (!a.cpu || !b.cpu) continue;
    if (!a.cpu.ok || !b.cpu.ok || a.cpu.totalMs === null || b.cpu.totalMs === null) {
      row(`CPU/request ${label}`, `failed: ${cpuText(a.cpu)} / ${cpuText(b.cpu)}`, 'all 2xx', false);
      continue;
    }
    row(`CPU/request ${label} at ${at(b)} maintenances`, cpuText(b.cpu), `≤ ${TARGET.listCpuMs} ms`, b.cpu.totalMs <= TARGET.listCpuMs);
    const cpuGrowth = b.cpu.totalMs / a.cpu.totalMs;
    row(`CPU/request ${label} at ${at(b)} / at ${at(a)} maintenances`, `${b.cpu.totalMs.toFixed(2)} / ${a.cpu.totalMs.toFixed(2)} ms = ${cpuGrowth.toFixed(2)}`, `≤ ${TARGET.listCpuGrowth}`, cpuGrowth <= TARGET.listCpuGrowth);
  }
}
// The contracts (issue 19): p99 at 10 connections under 50 ms on the park of 10,000 contracts; the
// CPU per request is shown beside it (the fleet lists' budget), reported.
for (const { label, count, instalments, r, cpu: c } of contractLoads) {
  const failed = r.total === 0 || r.errors > 0 || r.non2xx > 0;
  row(
    `${label} at ${count.toLocaleString('en-US')} contracts (${instalments.toLocaleString('en-US')} instalments), p99 at ${TARGET.contractsConnections} connections`,
    failed ? `failed: ${r.total} answered, ${r.non2xx} non-2xx, ${r.errors} errors` : `${r.p99} ms (p50 ${r.p50} ms, ${r.rps.toFixed(0)} req/s)`,
    `< ${TARGET.contractsP99Ms} ms`,
    !failed && r.p99 < TARGET.contractsP99Ms,
  );
  if (!c) continue;
  row(`CPU/request ${label} at ${count.toLocaleString('en-US')} contracts`, c.ok ? cpuText(c) : `failed: ${cpuText(c)}, ${c.non2xx} non-2xx, ${c.errors} errors`, `≤ ${TARGET.listCpuMs} ms`, c.ok && c.totalMs !== null && c.totalMs <= TARGET.listCpuMs);
  reported.add(rows.at(-1));
}
// The courses (issue 20): p99 at 10 connections under 50 ms on the park of 100,000 courses; the
// CPU per request is shown beside it (the fleet lists' budget), reported.
for (const { label, count, clients, r, cpu: c } of courseLoads) {
  const failed = r.total === 0 || r.errors > 0 || r.non2xx > 0;
  row(
    `${label} at ${count.toLocaleString('en-US')} courses (${clients.toLocaleString('en-US')} clients), p99 at ${TARGET.coursesConnections} connections`,
    failed ? `failed: ${r.total} answered, ${r.non2xx} non-2xx, ${r.errors} errors` : `${r.p99} ms (p50 ${r.p50} ms, ${r.rps.toFixed(0)} req/s)`,
    `< ${TARGET.coursesP99Ms} ms`,
    !failed && r.p99 < TARGET.coursesP99Ms,
  );
  if (!c) continue;
  row(`CPU/request ${label} at ${count.toLocaleString('en-US')} courses`, c.ok ? cpuText(c) : `failed: ${cpuText(c)}, ${c.non2xx} non-2xx, ${c.errors} errors`, `≤ ${TARGET.listCpuMs} ms`, c.ok && c.totalMs !== null && c.totalMs <= TARGET.listCpuMs);
  reported.add(rows.at(-1));
}
// The Yango link (issue 21): p99 at 10 connections under 50 ms on the park with ~150 linked drivers
// and months of their activity; the CPU per request beside it, reported; and how the cost grows
// from this month to the whole history (the reads sum the copy over the period), for information.
for (const { label, drivers, transactions, r, cpu: c } of yangoLoads) {
  const failed = r.total === 0 || r.errors > 0 || r.non2xx > 0;
  const at = `${drivers} linked drivers, ${transactions.toLocaleString('en-US')} transactions`;
  row(
    `${label} (${at}), p99 at ${TARGET.yangoConnections} connections`,
    failed ? `failed: ${r.total} answered, ${r.non2xx} non-2xx, ${r.errors} errors` : `${r.p99} ms (p50 ${r.p50} ms, ${r.rps.toFixed(0)} req/s)`,
    `< ${TARGET.yangoP99Ms} ms`,
    !failed && r.p99 < TARGET.yangoP99Ms,
  );
  if (!c) continue;
  row(`CPU/request ${label}`, c.ok ? cpuText(c) : `failed: ${cpuText(c)}, ${c.non2xx} non-2xx, ${c.errors} errors`, `≤ ${TARGET.listCpuMs} ms`, c.ok && c.totalMs !== null && c.totalMs <= TARGET.listCpuMs);
  reported.add(rows.at(-1));
}
for (const what of ['GET /api/yango/yango-transaction/:yango_id', 'GET /api/yango/reconciliation']) {
  const [month, history] = ['month', 'history'].map((p) => yangoLoads.find((y) => y.label.startsWith(what) && y.period === p));
  if (!month?.cpu?.ok || !history?.cpu?.ok || !month.cpu.totalMs || history.cpu.totalMs === null) continue;
  row(`CPU/request ${what}, ${cfg.yangoDays} days / this month (info)`, `${history.cpu.totalMs.toFixed(2)} / ${month.cpu.totalMs.toFixed(2)} ms = ${(history.cpu.totalMs / month.cpu.totalMs).toFixed(2)}`, '', null);
}
// GPS and penalty triggers (issue 22): p99 at 10 connections under 50 ms for the pages reading
// only our tables, under 200 ms for the fleet map and a vehicle's day, which ask the provider (here
// the flespi simulator in the same process: its work counts in the server's CPU); the CPU per
// request beside each, reported; the triggers' pass over the park, for information.
for (const { label, budget, r, cpu: c } of gpsLoads) {
  const failed = r.total === 0 || r.errors > 0 || r.non2xx > 0;
  const provider = budget === 'provider';
  const p99Target = provider ? TARGET.gpsProviderP99Ms : TARGET.gpsP99Ms;
  const cpuTarget = provider ? TARGET.gpsProviderCpuMs : TARGET.listCpuMs;
  const at = provider ? `${gpsSeeded.gpsVehicles.toLocaleString('en-US')} GPS vehicles, provider on loopback` : `${gpsSeeded.gpsActions.toLocaleString('en-US')} actions, ${gpsSeeded.gpsEpisodes.toLocaleString('en-US')} episodes`;
  row(
    `${label} (${at}), p99 at ${TARGET.gpsConnections} connections`,
    failed ? `failed: ${r.total} answered, ${r.non2xx} non-2xx, ${r.errors} errors` : `${r.p99} ms (p50 ${r.p50} ms, ${r.rps.toFixed(0)} req/s)`,
    `< ${p99Target} ms`,
    !failed && r.p99 < p99Target,
  );
  if (!c) continue;
  row(`CPU/request ${label}`, c.ok ? cpuText(c) : `failed: ${cpuText(c)}, ${c.non2xx} non-2xx, ${c.errors} errors`, `≤ ${cpuTarget} ms`, c.ok && c.totalMs !== null && c.totalMs <= cpuTarget);
  reported.add(rows.at(-1));
}
for (const p of gpsPasses) {
  row(
    `Penalty triggers' pass, ${p.which} (${gpsSeeded.gpsVehicles.toLocaleString('en-US')} GPS vehicles, ${p.recipes.toLocaleString('en-US')} recipes; info)`,
    `${(p.ms / 1000).toFixed(2)} s (${p.fired} fired, ${p.settled} settled, ${p.retried} retried)`,
    `< ${TARGET.gpsPassMs / 1000} s`,
    p.ms < TARGET.gpsPassMs,
  );
  reported.add(rows.at(-1));
}
// Subscriptions (issue 23): the reads at 10 connections under 50 ms (reported); active-subscription-info
// is read on every dashboard load (the banner) for one subscription's state: half the lists' budget,
// ≤ 2 ms, with its ratio to GET /api/user shown; the history the lists' 4 ms. A vehicle added pays the
// limit's check: the refusal at the limit (everything up to and including the check) ≤ 4 ms; the
// accepted POST (check, lock, insert, the detail read back) for information.
const userCpuMs = userCpu?.ok ? userCpu.totalMs : null;
for (const { label, kind, r, cpu: c } of subscriptionLoads) {
  const failed = r.total === 0 || r.errors > 0 || r.non2xx > 0;
  row(
    `${label} (${subscriptionSeeded.subscriptionInvoices} invoices), p99 at ${TARGET.subscriptionConnections} connections`,
    failed ? `failed: ${r.total} answered, ${r.non2xx} non-2xx, ${r.errors} errors` : `${r.p99} ms (p50 ${r.p50} ms, ${r.rps.toFixed(0)} req/s)`,
    `< ${TARGET.subscriptionP99Ms} ms`,
    !failed && r.p99 < TARGET.subscriptionP99Ms,
  );
  reported.add(rows.at(-1));
  if (!c) continue;
  if (kind === 'info') {
    const k = c.ok && c.totalMs !== null && userCpuMs ? ` = ${(c.totalMs / userCpuMs).toFixed(1)} × /api/user` : '';
    row(`CPU/request ${label}`, c.ok ? `${cpuText(c)}${k}` : `failed: ${cpuText(c)}, ${c.non2xx} non-2xx, ${c.errors} errors`, `≤ ${TARGET.subscriptionInfoCpuMs} ms`, c.ok && c.totalMs !== null && c.totalMs <= TARGET.subscriptionInfoCpuMs);
  } else {
    row(`CPU/request ${label}`, c.ok ? cpuText(c) : `failed: ${cpuText(c)}, ${c.non2xx} non-2xx, ${c.errors} errors`, `≤ ${TARGET.listCpuMs} ms`, c.ok && c.totalMs !== null && c.totalMs <= TARGET.listCpuMs);
  }
}
for (const { label, budget, cpu: c, expect } of vehicleWrites) {
  row(
    `CPU/request ${label}, ${subscriptionSeeded.vehicles.toLocaleString('en-US')}-vehicle park`,
    c.ok ? cpuText(c) : `failed: ${cpuText(c)}, ${c.non2xx} ${expect ? `not ${expect}` : 'non-2xx'}, ${c.errors} errors`,
    budget === null ? '' : `≤ ${budget} ms`,
    budget === null ? null : c.ok && c.totalMs !== null && c.totalMs <= budget,
  );
}
if (generation) {
  row(`POST /api/planning/generate, ${generation.vehicles} vehicles × 31 days (slowest of 5)`, `${generation.max.toFixed(0)} ms (median ${generation.median.toFixed(0)} ms, ${generation.entries} entries)`, `< ${TARGET.planningGenerateMs} ms`, generation.max < TARGET.planningGenerateMs);
}
row('JS gzip before sign-in usable', js?.ok ? kB(js.signIn) : 'no web/dist', `≤ ${TARGET.signInKB} kB`, js?.ok ? js.signIn <= TARGET.signInKB * 1000 : null);
row('JS gzip, any route', js?.ok ? kB(js.anyRoute) : 'no web/dist', `≤ ${TARGET.anyRouteKB} kB`, js?.ok ? js.anyRoute <= TARGET.anyRouteKB * 1000 : null);
row('JS requests, any screen', js?.ok ? `${js.anyScreenRequests} (${js.mostRequestsScreen})` : 'no web/dist', `≤ ${TARGET.screenRequests}`, js?.ok ? js.anyScreenRequests <= TARGET.screenRequests : null);
for (const [measure, value, tgt, ok] of web.rows) row(measure, value, tgt, ok);
if (!cfg.web) row('Browser and Lighthouse rows', 'skipped (BENCH_WEB=0)', '', null);
else if (!web.rows.length) row('Browser and Lighthouse rows', 'not measured (see the notes below)', '', null);

section('Results');
const head = ['Measure', 'Value', 'Target', ''];
const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => `  ${r.map((c, i) => c.padEnd(w[i])).join('  ').trimEnd()}`;
console.log(line(head));
console.log(`  ${w.map((n) => '-'.repeat(n)).join('  ')}`);
rows.forEach((r) => console.log(line(r)));
if (!cfg.databaseUrl) {
  console.log(
    `\nNote: the ≥ ${TARGET.ratioPct}% target for the authenticated GET is defined on PostgreSQL; this run used the embedded` +
      ` database, so the ratio above is indicative only. Measure it on PostgreSQL with:\n` +
      `  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench`,
  );
}
console.log(`\nLoad generator (autocannon) and server share this machine's ${os.cpus().length} CPU(s); load average now ${os.loadavg()[0].toFixed(2)}.`);
for (const n of notes) console.log(`Note: ${n}`);
// On the embedded database the ratio is indicative only: not counted as a missed target.
const indicative = cfg.databaseUrl ? [] : rows.filter((r) => r[0].startsWith('GET /api/user / floor'));
const missed = rows.filter((r) => r[3] === '✗' && !indicative.includes(r) && !reported.has(r)).length;
const reportedMissed = [...reported].filter((r) => r[3] === '✗').length;
console.log(
  (missed ? `${missed} target(s) missed (reported, not enforced).` : 'All measured targets met.') +
    (indicative.length ? ' The embedded ratio is not counted: see the note above.' : '') +
    (reportedMissed ? ` ${reportedMissed} latency-under-load row(s) marked ✗ are reported only: the CPU/request rows judge (bench/README.md).` : ''),
);

await cleanup();
process.exit(0);
