// Starting, timing, signing in to and stopping the built server (server/dist/main.js), on 127.0.0.1.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = path.resolve(import.meta.dirname, '..');
const running = new Set();

/** A free loopback port (the OS picks one, we release it right away). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** GET /api/health: true when it answers 200 with {code:5000}. */
async function healthy(base) {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
    if (res.status !== 200) return false;
    return (await res.json()).code === 5000;
  } catch {
    return false;
  }
}

/**
 * Spawns `node server/dist/main.js` (or `entry`, another build) and polls /api/health every 50 ms. Resolves with the server
 * handle and timings (ms from spawn): health answering, and the 'Flotte ready on' log line or the
 * 'Flotte est prêt' banner when seen. Rejects (with the server's output) if it exits or times out.
 */
export async function startServer({ dataDir, databaseUrl, timeoutMs = 60_000, env: extraEnv = {}, entry = path.join(root, 'server/dist/main.js') }) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', FLOTTE_DEMO: '1', ...extraEnv };
  delete env.NODE_ENV; // demo mode is refused in production
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  const t0 = performance.now();
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const server = {
    child,
    pid: child.pid,
    port,
    base: `http://127.0.0.1:${port}`,
    output: [],
    readyLineMs: null,
    readyLineKind: null,
    serverReportedMs: null,
    exited: null,
  };
  const onLine = (stream) => (line) => {
    server.output.push(`[${stream}] ${line}`);
    if (server.output.length > 400) server.output.splice(0, 100);
    if (server.readyLineMs !== null) return;
    if (line.startsWith('{')) {
      try {
        const j = JSON.parse(line);
        if (typeof j.msg === 'string' && j.msg.startsWith('Flotte ready on')) {
          server.readyLineMs = performance.now() - t0;
          server.readyLineKind = "'Flotte ready on' log line";
          server.serverReportedMs = typeof j.ms === 'number' ? j.ms : null;
        }
      } catch {
        /* not JSON */
      }
    } else if (line.includes('Flotte est prêt')) {
      server.readyLineMs = performance.now() - t0;
      server.readyLineKind = "'Flotte est prêt' banner";
    }
  };
  for (const [name, stream] of [['stdout', child.stdout], ['stderr', child.stderr]]) {
    let buf = '';
    const handle = onLine(name);
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        handle(buf.slice(0, i));
        buf = buf.slice(i + 1);
      }
    });
  }
  server.exitPromise = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      server.exited = { code, signal, atMs: performance.now() - t0 };
      resolve(server.exited);
    }),
  );

  while (true) {
    if (server.exited) {
      throw Object.assign(new Error(`server exited (code ${server.exited.code}, signal ${server.exited.signal}) before /api/health answered`), { output: server.output });
    }
    const elapsed = performance.now() - t0;
    if (elapsed > timeoutMs) {
      await stopServer(server);
      throw Object.assign(new Error(`/api/health did not answer within ${timeoutMs / 1000} s`), { output: server.output });
    }
    if (await healthy(server.base)) {
      server.healthMs = performance.now() - t0;
      break;
    }
    await sleep(50);
  }
  // The banner follows the log line closely; give it a moment so it can be reported.
  for (let i = 0; i < 20 && server.readyLineMs === null; i++) await sleep(25);
  return server;
}

/** SIGTERM, wait for the exit (SIGKILL after timeoutMs). Resolves with the stop time in ms. */
export async function stopServer(server, timeoutMs = 15_000) {
  if (server.exited) return 0;
  const t = performance.now();
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  await server.exitPromise;
  clearTimeout(timer);
  return performance.now() - t;
}

/** Last resort on exit: kill whatever server is still running. */
export function killAll() {
  for (const child of running) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/** Resident memory of a process, in bytes, from /proc/<pid>/status (VmRSS, and peak VmHWM). */
export function processMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => {
    const m = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return m ? Number(m[1]) * 1024 : null;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function call(base, method, url, body, headers = {}) {
  const send = () =>
    fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  // After a long seed the pooled keep-alive socket may have been closed by the server as the next
  // request goes out ('fetch failed'); a fresh connection is what a browser would use. Once.
  const res = await send().catch((err) => {
    if (err instanceof TypeError && err.message === 'fetch failed') return send();
    throw err;
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (res.status !== 200 || json?.code !== 5000) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return json.data;
}

/** Demo owner sign-in: password, one-time code from the dev outbox, verify. Returns auth headers. */
export async function signIn(base, email = 'owner@flotte.demo', password = 'Flotte2026!') {
  const login = await call(base, 'POST', '/api/login', { type: 'proprietaire', credentials: { email, password } });
  const outbox = await call(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const otp = outbox?.[0]?.otp;
  if (!otp) throw new Error(`no one-time code in the dev outbox for ${email}`);
  const session = await call(base, 'POST', '/api/login-verify-otp', { otp, code: login.code, email });
  const headers = { authorization: `Bearer ${session.token}`, profile_id: String(session.profile_id) };
  await call(base, 'GET', '/api/user', undefined, headers); // the load must measure successes
  return headers;
}
