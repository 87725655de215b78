#!/usr/bin/env node
// The server the end-to-end tests drive: built fresh, on a new empty data folder in demo mode,
// so every run starts from the first-start experience a newcomer has.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.argv[2] ?? '3210';
await buildServer();
buildWeb();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flotte-e2e-'));
const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, FLOTTE_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '',
    // Every spec signs the demo owner in: more codes per address than the 3 per 15 minutes people get.
    OTP_SEND_LIMIT: '100' },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
