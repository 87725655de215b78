#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch, port 3001) and Vite's dev server
// (http://localhost:5173) proxying /api to it. Same data folder and demo park as `npm start`.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, PORT: process.env.API_PORT || '3001', DATA_DIR: process.env.DATA_DIR || path.join(root, 'data') };

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', path.join(root, 'server/src/main.ts')], { stdio: 'inherit', env }),
  spawn(bin('vite'), ['--host', '127.0.0.1'], { stdio: 'inherit', cwd: path.join(root, 'web'), env: process.env }),
];
console.log('Flotte dev: web on http://localhost:5173 (API on port 3001, proxied under /api)');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
children.forEach((c) => c.on('exit', (code) => { stop(); process.exit(code ?? 0); }));
