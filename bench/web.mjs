#!/usr/bin/env node
// The bench's web section: what a phone gets, measured in a real browser (Debian's Chromium) against
// a demo server serving the built web app. For the sign-in screen (signed out) and every screen of
// the signed-in area: the JavaScript downloaded on a cold load (bytes as served with gzip, and the
// number of JS requests) and the cumulative layout shift once the screen has settled; then
// Lighthouse's mobile profile (lighthouse.mjs). Run from run.mjs, or alone (see the end of the file):
//   node bench/web.mjs [--dist <web dist folder>]
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lighthouseRuns, LH_TARGET, stopLighthouse } from './lighthouse.mjs';
import { routeTags } from './js-weight.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const WEB_TARGET = { signInKB: 150, anyScreenKB: 300, screenRequests: 20, cls: 0.1, ...LH_TARGET };
export const DEMO_OWNER = { email: 'owner@flotte.demo', password: 'Flotte2026!', pin: '24680' };

/**
 * Nothing but the server under test is reachable: a page or Lighthouse that tries another host gets
 * a name-resolution error instead of reaching the internet.
 */
export const OFFLINE_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

/** A mid-range phone: Lighthouse's mobile viewport; the app's phone layout starts below 768 px. */
const PHONE = { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// ---------------------------------------------------------------- the screens

/**
 * Every signed-in screen the router renders: the paths of the routes nested in the '/dashboard'
 * route of web/src/app/router.tsx (JSX `<Route path=… >` / `<Route index …/>`), without the catch-all.
 * Read from the source so a new screen is measured without editing the bench.
 */
export function dashboardScreens(routerFile) {
  if (!existsSync(routerFile)) return [];
  const src = readFileSync(routerFile, 'utf8');
  const stack = [];
  const out = [];
  for (const tag of routeTags(src)) {
    if (tag === null) {
      stack.pop();
      continue;
    }
    const own = /\bpath="([^"]*)"/.exec(tag)?.[1] ?? (/\bindex\b/.test(tag) ? '' : null);
    const parent = stack.at(-1) ?? '';
    const full = own === null ? parent : own.startsWith('/') ? own : own === '' ? parent : `${parent.replace(/\/$/, '')}/${own}`;
    if (!own?.includes('*') && (full === '/dashboard' || full.startsWith('/dashboard/')) && !out.includes(full)) out.push(full);
    if (!/\/\s*>$/.test(tag)) stack.push(full);
  }
  // The layout route itself has an index child; either way /dashboard is a screen, listed first.
  return out;
}

// ---------------------------------------------------------------- the session

async function api(base, method, url, { body, headers = {} } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const json = await res.json().catch(() => null);
  if (res.status !== 200 || json?.code !== 5000) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)?.slice(0, 300)}`);
  return { data: json.data, res };
}

/** A Set-Cookie header as a Playwright cookie of `hostname`, or null for one that clears a cookie. */
function parseSetCookie(header, hostname) {
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attr = (name) => attrs.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
  const value = decodeURIComponent(pair.slice(eq + 1));
  const maxAge = Number(attr('max-age') ?? NaN);
  if (!value || maxAge <= 0) return null;
  const sameSite = { strict: 'Strict', lax: 'Lax', none: 'None' }[attr('samesite')?.toLowerCase()] ?? 'Lax';
  return {
    name: pair.slice(0, eq),
    value,
    domain: hostname,
    path: attr('path') || '/',
    httpOnly: attrs.some((a) => a.toLowerCase() === 'httponly'),
    secure: false, // http://127.0.0.1
    sameSite,
    expires: Math.floor(Date.now() / 1000) + (Number.isFinite(maxAge) ? maxAge : 86_400),
  };
}

/**
 * Signs the demo owner in through the API as the web app does (password, the code of the dev
 * outbox, `x-flotte-client: web` so the refresh token comes as the app's httpOnly cookie) and sets
 * the PIN the first time, as the app asks before any dashboard screen. Returns the cookies the
 * sign-in set (the refresh cookie and any other, such as a readable session hint) and the
 * remembered profile of localStorage (web/src/features/auth/session.ts); measureScreens then lets
 * the app itself write whatever else a returning person's browser holds.
 */
export async function webSession(base, who = DEMO_OWNER) {
  const { data: login } = await api(base, 'POST', '/api/login', { body: { type: 'proprietaire', credentials: { email: who.email, password: who.password } } });
  const { data: outbox } = await api(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(who.email)}`);
  const otp = outbox?.find((m) => m.otp)?.otp;
  if (!otp) throw new Error(`no one-time code in the dev outbox for ${who.email}`);
  const { data: session, res } = await api(base, 'POST', '/api/login-verify-otp', { body: { otp, code: login.code, email: who.email }, headers: { 'x-flotte-client': 'web' } });
  const { hostname } = new URL(base);
  const cookies = res.headers.getSetCookie().map((h) => parseSetCookie(h, hostname)).filter(Boolean);
  if (!cookies.some((c) => c.httpOnly)) throw new Error('the sign-in set no httpOnly cookie for the web client');
  if (!session.has_pin_code) {
    await api(base, 'POST', '/api/update-pin-code', { body: { code: who.pin }, headers: { authorization: `Bearer ${session.token}`, profile_id: String(session.profile_id) } });
  }
  return { cookies, localStorage: [{ name: 'flotte.profile_id', value: String(session.profile_id) }] };
}

// ---------------------------------------------------------------- cold loads

/** Sums the layout shifts not caused by input, from the first paint on (buffered). */
function observeLayoutShift() {
  window.__benchCls = 0;
  window.__benchShifts = [];
  // What moved, so a screen's CLS can be traced to its element.
  const name = (n) => (n && n.nodeType === 1 ? `${n.nodeName.toLowerCase()}${n.dataset?.testid ? `[data-testid=${n.dataset.testid}]` : ''}${typeof n.className === 'string' && n.className ? `.${n.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''}` : '?');
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__benchCls += e.value;
        window.__benchShifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources ?? []).map((s) => name(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    window.__benchCls = null; // no Layout Instability API
  }
}

/**
 * One cold load of `url` in a fresh browser context (its own empty HTTP cache) holding `state`
 * (cookies and localStorage, Playwright's storageState). Every JS response is counted with its body
 * as received (Playwright's responseBodySize, the encoded size); the context asks for gzip only,
 * like the static rows' gzip -9, instead of Chromium's own choice (it offers brotli only over HTTPS).
 * Settled: network idle (500 ms without a request), then 1 s more, then network idle again.
 */
async function coldLoad(browser, url, state) {
  const context = await browser.newContext({ ...PHONE, storageState: state, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    await context.addInitScript(observeLayoutShift);
    const page = await context.newPage();
    const pending = [];
    const scripts = [];
    const failed = [];
    const responses = [];
    let total = 0;
    page.on('requestfinished', (req) =>
      pending.push(
        (async () => {
          const res = await req.response();
          const sizes = await req.sizes();
          total += sizes.responseBodySize;
          const type = res?.headers()['content-type'] ?? '';
          responses.push({ url: req.url(), bytes: sizes.responseBodySize, type });
          if (req.resourceType() === 'script' || /javascript/.test(type)) {
            scripts.push({ url: req.url(), bytes: sizes.responseBodySize, encoding: res?.headers()['content-encoding'] ?? 'identity', status: res?.status() });
          }
        })(),
      ),
    );
    page.on('requestfailed', (req) => failed.push(`${req.url()} (${req.failure()?.errorText})`));
    const t0 = performance.now();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
    const idleMs = performance.now() - t0;
    await sleep(1000);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const [cls, shifts] = await page.evaluate(() => [window.__benchCls, window.__benchShifts]);
    const landed = new URL(page.url()).pathname;
    const rendered = await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    const next = await context.storageState();
    return {
      landed,
      rendered,
      jsBytes: scripts.reduce((s, f) => s + f.bytes, 0),
      jsRequests: scripts.length,
      encodings: [...new Set(scripts.map((f) => f.encoding))],
      scripts,
      totalBytes: total,
      failed,
      cls,
      shifts: (shifts ?? []).sort((a, b) => b.value - a.value),
      largest: responses.sort((a, b) => b.bytes - a.bytes)[0] ?? null,
      idleMs,
      state: next,
    };
  } finally {
    await context.close();
  }
}

/**
 * The sign-in screen signed out, then every screen signed in, each on a cold load. The refresh
 * token rotates at each load (a spent one revokes the whole session), so each screen's context
 * starts from the cookies the previous one ended with.
 */
export async function measureScreens({ base, screens, session, log = console.log }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--headless=new', OFFLINE_FLAG] });
  try {
    const signIn = await coldLoad(browser, `${base}/auth/login`, { cookies: [], origins: [] });
    signIn.path = '/auth/login';
    log(describe(signIn));
    const out = { signIn, screens: [] };
    let state = { cookies: session.cookies, origins: [{ origin: base, localStorage: session.localStorage }] };
    // One unmeasured signed-in load first, so the app writes what it keeps in the browser once a
    // session is established (as after a real sign-in) before the measured loads start from it.
    if (screens.length) state = (await coldLoad(browser, `${base}${screens[0]}`, state)).state;
    for (const p of screens) {
      const r = await coldLoad(browser, `${base}${p}`, state);
      r.path = p;
      state = r.state;
      out.screens.push(r);
      log(describe(r));
    }
    // The session as the last screen left it (its refresh token is the unspent one).
    out.session = { cookies: state.cookies, localStorage: state.origins.find((o) => o.origin === base)?.localStorage ?? [] };
    return out;
  } finally {
    await browser.close();
  }
}

const kB = (b) => `${(b / 1000).toFixed(1)} kB`;
const clsText = (c) => (c === null || c === undefined ? 'n/a' : c.toFixed(3));
function describe(r) {
  const wrong = r.landed !== r.path ? `  ✗ landed on ${r.landed}` : !r.rendered ? '  ✗ nothing rendered' : '';
  const failed = r.failed.length ? `  (${r.failed.length} failed: ${r.failed.slice(0, 2).join(', ')})` : '';
  const lines = [`  ${r.path.padEnd(30)} ${kB(r.jsBytes).padStart(9)} JS in ${String(r.jsRequests).padStart(2)} files (${r.encodings.join('/') || '–'}), CLS ${clsText(r.cls)}, all responses ${kB(r.totalBytes)}, idle after ${(r.idleMs / 1000).toFixed(1)} s${wrong}${failed}`];
  if (r.cls >= 0.05) for (const s of r.shifts.slice(0, 3)) lines.push(`      shift ${s.value.toFixed(3)} at ${s.at} ms: ${s.sources.join(', ') || '?'}`);
  if (r.largest && !/javascript/.test(r.largest.type) && r.largest.bytes > 100_000) lines.push(`      largest response: ${kB(r.largest.bytes)} ${r.largest.url.replace(/^https?:\/\/[^/]+/, '')} (${r.largest.type})`);
  return lines.join('\n');
}

// ---------------------------------------------------------------- the section

/**
 * scripts/build.mjs writes a .gz (and .br) beside every compressible file and the server sends
 * them; a web/dist vite built alone has none, and would be served uncompressed. Writes the missing
 * gzip -9 files (the only encoding these loads ask for); returns how many.
 */
function gzipMissing(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const f = path.join(e.parentPath ?? e.path, e.name);
    if (!e.isFile() || !/\.(js|mjs|css|html|svg|json|webmanifest|xml)$/.test(e.name) || existsSync(`${f}.gz`)) continue;
    writeFileSync(`${f}.gz`, gzipSync(readFileSync(f), { level: 9 }));
    n++;
  }
  return n;
}

/**
 * Copies the web folder and serves the copy: a rebuild of web/dist during the measures (npm run dev,
 * another build) would otherwise change index.html under a page that is loading its old chunks.
 * The copy is checked: every file index.html names is there (a copy taken mid-build is retried).
 */
function snapshot(dist, into) {
  for (let attempt = 1; ; attempt++) {
    cpSync(dist, into, { recursive: true, force: true });
    const html = readFileSync(path.join(into, 'index.html'), 'utf8');
    const missing = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]).filter((f) => !existsSync(path.join(into, f)));
    if (!missing.length) return { dir: into, gzipped: gzipMissing(into) };
    if (attempt >= 5) throw new Error(`${dist} keeps changing (index.html names missing ${missing.join(', ')}): the browser rows are not measured`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000);
  }
}

/**
 * Starts a demo server on a fresh data folder serving `dist`, measures, stops it. `start`/`stop`/
 * `tmp` come from the caller (run.mjs tracks them for its cleanup). Returns the table's rows
 * ([measure, value, target, ok]) and notes; never throws for a measurement that failed, it says so.
 */
export async function webSection({ start, stop, tmp, dist, routerFile, lighthouseRunCount = 3, log = console.log }) {
  const rows = [];
  const notes = [];
  const row = (measure, value, target, ok) => rows.push([measure, value, target, ok]);
  if (!existsSync(chromiumPath)) {
    const msg = `${chromiumPath} missing: the browser rows are not measured (set CHROMIUM_PATH to a Chromium)`;
    log(msg);
    notes.push(msg);
    return { rows, notes };
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    const msg = `${dist}/index.html missing: the browser rows are not measured`;
    log(msg);
    notes.push(msg);
    return { rows, notes };
  }
  let served;
  try {
    const snap = snapshot(dist, tmp('web-dist'));
    served = snap.dir;
    if (snap.gzipped) notes.push(`${dist} had no .gz beside ${snap.gzipped} file(s) (a vite build without scripts/build.mjs): gzip -9 files written in the served copy`);
  } catch (err) {
    log(err.message);
    notes.push(err.message);
    return { rows, notes };
  }
  const screens = dashboardScreens(routerFile);
  if (!screens.length) notes.push(`no /dashboard screen read from ${routerFile}: only the sign-in screen is measured`);
  let server;
  try {
    server = await start({ dataDir: tmp('web-data'), timeoutMs: 120_000, env: { WEB_DIST: served } });
  } catch (err) {
    const msg = `web section: the demo server did not start (${err.message})`;
    log(msg);
    notes.push(msg);
    return { rows, notes };
  }
  try {
    log(`demo server on ${server.base} serving a copy of ${dist}; Chromium ${chromiumPath}, phone viewport 360×780`);
    let measured = null;
    try {
      const session = await webSession(server.base);
      log('cold loads (fresh cache each; JS = every script response, body as received with Accept-Encoding: gzip):');
      measured = await measureScreens({ base: server.base, screens, session, log });
    } catch (err) {
      const msg = `browser measures failed: ${err.message.split('\n')[0]}`;
      log(msg);
      notes.push(msg);
    }
    if (measured) {
      const { signIn, screens: all } = measured;
      const files = (r) => r.scripts.map((f) => `${path.basename(new URL(f.url).pathname)} ${kB(f.bytes)}`).join(', ');
      log(`  sign-in's JS files: ${files(signIn)}`);
      const wrong = [signIn, ...all].filter((r) => r.landed !== r.path || !r.rendered || r.failed.length);
      if (wrong.length) notes.push(`browser: ${wrong.map((r) => (r.landed !== r.path ? `${r.path} landed on ${r.landed}` : !r.rendered ? `${r.path} rendered nothing` : `${r.path} had failed requests`)).join(', ')}: its figures are not that screen's`);
      const heaviest = all.reduce((a, b) => (b.jsBytes > (a?.jsBytes ?? -1) ? b : a), null);
      const most = [signIn, ...all].reduce((a, b) => (b.jsRequests > (a?.jsRequests ?? -1) ? b : a), null);
      const worstCls = [signIn, ...all].reduce((a, b) => ((b.cls ?? 0) > (a?.cls ?? -1) ? b : a), null);
      row('Browser: JS on a cold load, sign-in (signed out)', `${kB(signIn.jsBytes)} in ${signIn.jsRequests} files`, `≤ ${WEB_TARGET.signInKB} kB`, signIn.jsBytes <= WEB_TARGET.signInKB * 1000 && !wrong.includes(signIn));
      if (heaviest) row(`Browser: JS on a cold load, heaviest screen (${all.length} signed in)`, `${kB(heaviest.jsBytes)} (${heaviest.path})`, `≤ ${WEB_TARGET.anyScreenKB} kB`, heaviest.jsBytes <= WEB_TARGET.anyScreenKB * 1000 && !wrong.length);
      row('Browser: JS requests on a cold load, most for a screen', `${most.jsRequests} (${most.path})`, `≤ ${WEB_TARGET.screenRequests}`, most.jsRequests <= WEB_TARGET.screenRequests && !wrong.length);
      row('Browser: CLS after settling, worst screen', worstCls.cls === null ? 'n/a' : `${clsText(worstCls.cls)} (${worstCls.path})`, `< ${WEB_TARGET.cls}`, worstCls.cls === null ? null : worstCls.cls < WEB_TARGET.cls && !wrong.length);
    }
    if (lighthouseRunCount > 0) {
      log(`Lighthouse ${'mobile'} (simulated throttling), ${lighthouseRunCount} run(s) per page; machine load average (1 min) now ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPU(s):`);
      try {
        const lh = await lighthouseRuns({ base: server.base, runs: lighthouseRunCount, chromiumPath, session: async () => measured?.session ?? webSession(server.base), log });
        rows.push(...lh.rows);
        notes.push(...lh.notes);
      } catch (err) {
        const msg = `Lighthouse failed: ${err.message.split('\n')[0]}`;
        log(msg);
        notes.push(msg);
      }
    }
  } finally {
    stopLighthouse();
    await stop(server);
  }
  return { rows, notes };
}

// ---------------------------------------------------------------- alone

if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { root, startServer, stopServer, killAll } = await import('./server.mjs');
  const i = process.argv.indexOf('--dist');
  const dist = path.resolve(i > 0 ? process.argv[i + 1] : path.join(root, 'web/dist'));
  const dirs = [];
  const tmp = (label) => {
    const d = mkdtempSync(path.join(os.tmpdir(), `flotte-bench-${label}-`));
    dirs.push(d);
    return d;
  };
  const cleanup = async () => {
    stopLighthouse();
    killAll();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => cleanup().finally(() => process.exit(130)));
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const { rows, notes } = await webSection({ start: startServer, stop: stopServer, tmp, dist, routerFile: path.join(root, 'web/src/app/router.tsx'), lighthouseRunCount: runs });
  await cleanup();
  console.log('');
  const mark = (ok) => (ok === null ? '–' : ok ? '✓' : '✗');
  const w = [0, 1, 2].map((k) => Math.max(...rows.map((r) => r[k].length), 0));
  for (const r of rows) console.log(`  ${r[0].padEnd(w[0])}  ${r[1].padEnd(w[1])}  ${r[2].padEnd(w[2])}  ${mark(r[3])}`);
  for (const n of notes) console.log(`Note: ${n}`);
  process.exit(0);
}
