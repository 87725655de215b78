// Lighthouse with its default mobile profile and simulated throttling, on the sign-in page (signed
// out) and on the signed-in dashboard, `runs` times each; the medians go into the bench's table.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LH_TARGET = { signInPerf: 90, dashboardPerf: 85, accessibility: 95 };
const OFFLINE_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
const launched = new Set(); // { chrome, profile }

/**
 * Kills the Chromes this module launched and removes their profile folders. Synchronous, so the
 * bench's 'exit' handler can call it too.
 */
export function stopLighthouse() {
  for (const l of launched) {
    launched.delete(l);
    try {
      l.chrome.process?.kill('SIGKILL');
    } catch {
      /* already gone */
    }
    rmSync(l.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!s.length) return null;
  const k = Math.floor(s.length / 2);
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

/** One Lighthouse run, performance and accessibility only, on the Chrome at `port`. */
async function runOnce(url, port) {
  const { default: lighthouse } = await import('lighthouse'); // loaded only when the section runs
  const load = os.loadavg()[0];
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  return {
    load,
    perf: lhr.categories.performance.score === null ? null : lhr.categories.performance.score * 100,
    a11y: lhr.categories.accessibility.score === null ? null : lhr.categories.accessibility.score * 100,
    cls: a['cumulative-layout-shift']?.numericValue ?? null,
    tbt: a['total-blocking-time']?.numericValue ?? null,
    lcp: a['largest-contentful-paint']?.numericValue ?? null,
    // Lighthouse's own measure of this machine's speed at the run (higher is faster): the
    // simulated timings assume a fast host slowed 4 ×, so a slow or busy one inflates them.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    landed: new URL(lhr.finalDisplayedUrl).pathname,
    warnings: lhr.runWarnings ?? [],
    formFactor: lhr.configSettings.formFactor,
    throttling: lhr.configSettings.throttlingMethod,
    failedA11y: Object.values(lhr.categories.accessibility.auditRefs)
      .filter((r) => r.weight > 0 && a[r.id]?.score === 0)
      .map((r) => r.id),
  };
}

/**
 * Puts the signed-in person's cookies (the refresh cookie among them) and localStorage (the
 * remembered profile ...) into the Chrome at `port`, through Playwright connected over CDP, then
 * disconnects. Lighthouse's storage reset clears the HTTP cache, service workers, Cache Storage and
 * file systems (its default clearStorageTypes), not cookies nor localStorage: so the dashboard runs
 * stay cold AND signed in, with the reset left on. (disableStorageReset would keep the HTTP cache
 * warm from the previous run.)
 */
async function signInChrome(port, base, session) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies(session.cookies);
    const page = await context.newPage();
    // A same-origin JSON answer, so localStorage is the app's without running the app (which would
    // spend the refresh token before Lighthouse's first run).
    await page.goto(`${base}/api/health`);
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, session.localStorage);
    await page.close();
  } finally {
    await browser.close(); // over CDP: disconnects, the Chrome and its profile stay
  }
}

const fmt = {
  perf: (v) => (v === null ? 'n/a' : v.toFixed(0)),
  cls: (v) => (v === null ? 'n/a' : v.toFixed(3)),
  ms: (v) => (v === null ? 'n/a' : `${v.toFixed(0)} ms`),
  s: (v) => (v === null ? 'n/a' : `${(v / 1000).toFixed(1)} s`),
};

/**
 * `session()` signs in (webSession of web.mjs) and is called once, after the sign-in page's runs.
 * Returns the table's rows and notes.
 */
export async function lighthouseRuns({ base, runs, chromiumPath, session, log = console.log }) {
  const rows = [];
  const notes = [];
  const chromeLauncher = await import('chrome-launcher');
  // Our own profile folder (removed by stopLighthouse), and no SIGINT handler of chrome-launcher's:
  // it would exit the process before the bench's own cleanup (servers, the bench database) ran.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'flotte-bench-chrome-'));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox', OFFLINE_FLAG], userDataDir: profile, handleSIGINT: false, logLevel: 'silent' });
  const entry = { chrome, profile };
  launched.add(entry);
  try {
    const pages = [
      { label: 'sign-in', path: '/auth/login', perfTarget: LH_TARGET.signInPerf },
      { label: 'dashboard (signed in)', path: '/dashboard', perfTarget: LH_TARGET.dashboardPerf, signIn: true },
    ];
    for (const p of pages) {
      if (p.signIn) await signInChrome(chrome.port, base, await session());
      const results = [];
      // A run under heavy load sometimes fails to record its trace (NO_NAVSTART, PAGE_HUNG): it is
      // run again, up to `runs` extra attempts in all, so the median has its runs when it can.
      for (let i = 0, attempts = 0; results.length < runs && attempts < runs * 2; attempts++, i = results.length) {
        try {
          const r = await runOnce(`${base}${p.path}`, chrome.port);
          results.push(r);
          log(
            `  ${p.label.padEnd(22)} run ${i + 1}: performance ${fmt.perf(r.perf)}, CLS ${fmt.cls(r.cls)}, TBT ${fmt.ms(r.tbt)}, LCP ${fmt.s(r.lcp)}, accessibility ${fmt.perf(r.a11y)}` +
              ` (${r.formFactor}, ${r.throttling}; load ${r.load.toFixed(2)}, benchmarkIndex ${r.benchmarkIndex === null ? 'n/a' : r.benchmarkIndex.toFixed(0)})${r.landed !== p.path ? `  ✗ landed on ${r.landed}` : ''}`,
          );
          if (r.failedA11y.length && i === 0) log(`    accessibility audits failed: ${r.failedA11y.join(', ')}`);
          for (const w of r.warnings) log(`    warning: ${typeof w === 'string' ? w : JSON.stringify(w)}`);
        } catch (err) {
          log(`  ${p.label} run ${i + 1} failed (attempt ${attempts + 1}): ${err.message.split('\n')[0]}`);
          notes.push(`Lighthouse ${p.label}: an attempt failed (${err.message.split('\n')[0].slice(0, 120)})`);
        }
      }
      if (!results.length) {
        rows.push([`Lighthouse mobile, ${p.label}: performance`, 'not measured', `≥ ${p.perfTarget}`, false]);
        continue;
      }
      const wrong = results.filter((r) => r.landed !== p.path);
      if (wrong.length) notes.push(`Lighthouse ${p.label}: ${wrong.length} run(s) landed on ${wrong[0].landed}, not ${p.path}`);
      const m = Object.fromEntries(['perf', 'a11y', 'cls', 'tbt', 'lcp', 'load', 'benchmarkIndex'].map((k) => [k, median(results.map((r) => r[k]))]));
      const of = `median of ${results.length}`;
      rows.push([
        `Lighthouse mobile, ${p.label}: performance (${of}; load avg ${m.load.toFixed(1)}${m.benchmarkIndex === null ? '' : `, benchmarkIndex ${m.benchmarkIndex.toFixed(0)}`})`,
        `${fmt.perf(m.perf)} (runs ${results.map((r) => fmt.perf(r.perf)).join(', ')}; CLS ${fmt.cls(m.cls)}, TBT ${fmt.ms(m.tbt)}, LCP ${fmt.s(m.lcp)})`,
        `≥ ${p.perfTarget}`,
        m.perf !== null && m.perf >= p.perfTarget && !wrong.length,
      ]);
      rows.push([`Lighthouse mobile, ${p.label}: accessibility (${of})`, fmt.perf(m.a11y), `≥ ${LH_TARGET.accessibility}`, m.a11y !== null && m.a11y >= LH_TARGET.accessibility && !wrong.length]);
    }
  } finally {
    launched.delete(entry);
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  return { rows, notes };
}
