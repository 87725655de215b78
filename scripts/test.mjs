#!/usr/bin/env node
// `npm test`: type-check, then unit and integration tests on the embedded database, the same
// server tests again on PostgreSQL when TEST_DATABASE_URL is set, and the end-to-end tests in
// Chromium when it is installed. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function countVitest(file, title) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests ?? 0;
  failed += j.numFailedTests ?? 0;
  skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  if ((j.numFailedTests ?? 0) > 0) problems.push(title);
}

function vitest(title, args, env, out) {
  const ok = run(title, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], env);
  countVitest(out, title);
  if (!ok && !problems.includes(title)) problems.push(title);
}

// 1. Types.
for (const p of ['contract', 'server', 'web', 'e2e']) {
  if (!existsSync(path.join(root, p, 'tsconfig.json'))) continue;
  if (!run(`typecheck ${p}`, bin('tsc'), ['-p', p])) problems.push(`typecheck ${p}`);
}

// 2. Unit and integration tests, embedded PGlite.
vitest('unit + integration (embedded PGlite)', [], { FLOTTE_TEST_ENGINE: 'pglite' }, path.join(tmp, 'vitest-pglite.json'));

// 3. The server's tests again on a real PostgreSQL server.
if (process.env.TEST_DATABASE_URL) {
  vitest('integration (PostgreSQL)', ['server'], { FLOTTE_TEST_ENGINE: 'postgres' }, path.join(tmp, 'vitest-postgres.json'));
} else {
  console.log('\n=== integration (PostgreSQL): skipped, TEST_DATABASE_URL is not set ===');
  console.log('    e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test');
}

// 4. End-to-end in Chromium.
const chromium = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (chromium) {
  const out = path.join(tmp, 'playwright.json');
  const ok = run('end-to-end (Chromium)', bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
  }
  if (!ok) problems.push('end-to-end');
} else {
  console.log('\n=== end-to-end: SKIPPED, Chromium is not installed ===');
  console.log('    Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH), then npm test again.');
}

console.log(`\n${problems.length ? `Failed: ${problems.join(', ')}` : 'All test stages passed.'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length ? 1 : 0);
