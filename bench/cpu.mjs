// CPU time per request: the server process's and its PostgreSQL backends', read from /proc.
//
// Latency under load (req/s, p99) on a shared 2-core machine mostly measures how the server,
// PostgreSQL and the load generator share the cores; CPU time spent per request is what the code
// controls, and the noise of the machine barely moves it. See README.md ("CPU per request").
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time in nanoseconds a process has used, all its threads: the first field of each
 * /proc/<pid>/task/<tid>/schedstat (ns, where /proc/<pid>/stat counts 10 ms clock ticks). A thread
 * that ends takes its time with it; the server's threads (main, libuv pool, GC) live as long as it.
 * Null when the process is gone or the kernel has no schedstat.
 */
export function processCpuNs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return ns;
  } catch {
    return null;
  }
}

/**
 * CPU time (ns) of every PostgreSQL backend serving the database `dbName`, by pid: the backends
 * whose command line is `postgres: … <user> <dbName> <client> …`. Visible when PostgreSQL runs on
 * this machine under a user whose /proc we can read (the bench requires 127.0.0.1).
 */
export function backendsCpuNs(dbName) {
  const out = new Map();
  const needle = ` ${dbName} `;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let cmd;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    // A backend rewrites its title in place: one string, sometimes padded with NULs.
    if (!cmd.startsWith('postgres: ') || !cmd.replace(/\0/g, ' ').includes(needle)) continue;
    const ns = processCpuNs(pid);
    if (ns !== null) out.set(pid, ns);
  }
  return out;
}

/**
 * After `warmup` unmeasured requests, sends `requests` requests to `url` over `connections` connections (few, so the server is never
 * saturated and queues stay short) and answers the CPU time each cost: the server process's and,
 * when `dbName` is given, its PostgreSQL backends', in ms per request. The backends are sampled
 * every 100 ms during the run, so one that the pool closes mid-run still counts up to its last
 * sample; one opened mid-run counts from zero (its start is part of the cost).
 */
export async function cpuPerRequest({ url, headers, serverPid, dbName = null, requests = 2000, connections = 4, warmup = Math.ceil(requests / 4), method = 'GET', body = null, expectStatus = null }) {
  // A write: `body(i)` makes the i-th request's JSON body (a new vehicle's own plate); `expectStatus`
  // counts that status as the answer wanted (a refusal measured on purpose, 422) instead of 2xx.
  const write = body
    ? (() => {
        let i = 0;
        return { method, requests: [{ method, setupRequest: (req) => ({ ...req, method, body: body(i++), headers: { ...req.headers, 'content-type': 'application/json' } }) }] };
      })()
    : {};
  // Unmeasured first: a route's first requests run cold code (the JIT has not compiled it yet) and
  // open the pool's connections, which would count several times a warm request's cost.
  if (warmup > 0) await autocannon({ url, headers, connections, amount: warmup, timeout: 10, ...write });
  const serverBefore = processCpuNs(serverPid);
  const first = dbName ? backendsCpuNs(dbName) : new Map();
  const last = new Map(first);
  const sample = () => {
    for (const [pid, ns] of backendsCpuNs(dbName)) last.set(pid, ns);
  };
  const timer = dbName ? setInterval(sample, 100) : null;
  let r;
  try {
    r = await autocannon({ url, headers, connections, amount: requests, timeout: 10, ...write });
  } finally {
    if (timer) clearInterval(timer);
  }
  if (dbName) sample();
  const serverAfter = processCpuNs(serverPid);
  const n = r.requests.total || requests;
  let dbNs = 0;
  for (const [pid, ns] of last) dbNs += ns - (first.get(pid) ?? 0);
  const serverMs = serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / 1e6 / n;
  const dbMs = dbName ? dbNs / 1e6 / n : 0;
  const expected = expectStatus === null ? null : Number(r.statusCodeStats?.[String(expectStatus)]?.count ?? 0);
  return {
    requests: n,
    ok: (expected === null ? r.non2xx === 0 : expected === n) && r.errors === 0 && r.timeouts === 0,
    expectStatus,
    statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, Number(v.count)])),
    non2xx: expected === null ? r.non2xx : n - expected,
    errors: r.errors,
    serverMs,
    dbMs,
    totalMs: serverMs === null ? null : serverMs + dbMs,
    backends: last.size,
  };
}

export const showCpu = (label, c) =>
  console.log(
    `${label}: CPU per request ${c.totalMs === null ? 'not measured' : `${c.totalMs.toFixed(3)} ms`}` +
      ` (server ${c.serverMs === null ? '?' : c.serverMs.toFixed(3)} ms + database ${c.dbMs.toFixed(3)} ms over ${c.backends} backend(s);` +
      ` ${c.requests} requests${c.ok ? `, all ${c.expectStatus ?? '2xx'}` : `, ${c.non2xx} ${c.expectStatus ? `not ${c.expectStatus}` : 'non-2xx'}, ${c.errors} errors; statuses ${JSON.stringify(c.statuses)}`})`,
  );
