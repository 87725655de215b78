#!/usr/bin/env node
// `npm start`: build what changed, then run the server (embedded database and demo park unless
// configured otherwise). Configuration is by environment variables: see README.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
await buildServer();

// `npm run seed` passes --seed-only: migrate and create the demo park, then exit.
const extra = process.argv.includes('--seed-only') ? ['--seed-only'] : [];
if (!extra.length) buildWeb();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server/dist/main.js'), ...extra], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR || path.join(root, 'data') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
