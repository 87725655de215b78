#!/usr/bin/env node
// `npm run owner:create -- --email ... --park "..." --country CM`: build the server if it changed,
// then create a fleet owner and his park on the configured database (README.md, "Creating an owner").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
await buildServer();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server/dist/owner-create.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR || path.join(root, 'data') },
});
child.on('exit', (code) => process.exit(code ?? 1));
