import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../test-context.ts';
import { buildFuzzWorld } from './fuzz-world.ts';
import { requestArb, type FuzzRequest, type RouteSpec } from './requests.ts';
import { routeSpecs } from './route-specs.ts';
import { MARKER } from './values.ts';

/**
 * A schema-driven fuzz of every route of the OpenAPI document, as the owner of a small living park
 * (PIN step-up done): for each route a few hundred requests, well formed, at a boundary or malformed
 * (wrong kinds, missing fields, huge and NUL-laden strings, impossible dates, 5,000-deep nesting,
 * broken JSON and form data, ids that are not ids ...). Every answer must be below 500, carry the
 * envelope {code, message, data}, and not repeat what was sent; and refused requests (4xx) must
 * leave every row as it was. The seed is fixed, so a failure reproduces; FLOTTE_FUZZ_SEED and
 * FLOTTE_FUZZ_RUNS vary it by hand, and LOG_LEVEL=error shows the server's stack of a 5xx.
 */

const SEED = Number(process.env.FLOTTE_FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FLOTTE_FUZZ_RUNS ?? 200);
/** Requests between two fingerprints of the database. */
const CHUNK = 25;

/**
 * Routes that end the owner's session, lock or change his PIN, or empty or delete the park: fuzzed
 * last, in this order, with the owner signed in again (or a new park made) after each success.
 */
const LAST: Record<string, number> = {
  'POST /api/verify-pin-code': RUNS,
  'POST /api/update-pin-code': RUNS,
  'POST /api/verify-password': RUNS,
  'POST /api/refresh-token': RUNS,
  'POST /api/reset-password': RUNS,
  'POST /api/logout': 60,
  'PUT /api/park/reset/{parkID}': RUNS,
  'DELETE /api/account': 40,
};
const ctx = await createTestContext({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const world = await buildFuzzWorld(ctx);
afterAll(() => ctx.close());

const specs = routeSpecs(ctx.app.swagger() as never);
const keyOf = (s: RouteSpec) => `${s.method} ${s.path}`;
const STEP_UP = new Set(ctx.app.routeCatalog.filter((r) => r.stepUp).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
const ordered = [...specs.filter((s) => !(keyOf(s) in LAST)), ...Object.keys(LAST).map((k) => specs.find((s) => keyOf(s) === k)!).filter(Boolean)];

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

function show(req: FuzzRequest): string {
  const payload = req.payload === undefined ? '' : Buffer.isBuffer(req.payload) ? req.payload.toString('latin1') : req.payload;
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
  return `${req.method} ${clip(req.url, 160)} [${req.kind}] content-type=${req.headers['content-type'] ?? '-'} body=${JSON.stringify(clip(payload, 200))}`;
}

/** What is wrong with one answer, or nothing. */
function judge(status: number, contentType: string, body: string): string | undefined {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  let json: { code?: unknown; message?: unknown; data?: unknown };
  try {
    json = JSON.parse(body);
  } catch {
    // A file download is the only answer that is not the envelope.
    if (status < 300 && !contentType.includes('json')) return undefined;
    return `answered ${status} without the envelope: ${body.slice(0, 200)}`;
  }
  if (typeof json !== 'object' || json === null || typeof json.code !== 'number' || typeof json.message !== 'string' || !('data' in json)) {
    return `answered ${status} without the envelope: ${body.slice(0, 200)}`;
  }
  if (json.message.includes(MARKER.slice(0, 20))) return `answered ${status} echoing the input in its message: ${json.message.slice(0, 200)}`;
  return undefined;
}

let sent = 0;
let fingerprintMs = 0;
let chunks = 0;
let checkedChunks = 0;
let refused = 0;
let refusedChecked = 0;
const started = Date.now();
async function fingerprint() {
  const t = Date.now();
  const f = await world.fingerprint();
  fingerprintMs += Date.now() - t;
  return f;
}

describe('every route of the OpenAPI document, fuzzed as the owner', () => {
  it('covers the whole document', () => {
    expect(specs.length).toBe(ctx.app.routeCatalog.length);
    expect(STEP_UP.size).toBeGreaterThan(0);
    expect(ordered.filter((s) => STEP_UP.has(keyOf(s))).length).toBe(STEP_UP.size);
  });

  it('has a fingerprint that sees a row added and a row rewritten', async () => {
    const before = await world.fingerprint();
    const added = await ctx.api('POST', '/api/vehicle-group/add', { token: world.owner.token, profileId: world.owner.profileId, body: { title: 'Groupe témoin' } });
    expect(added.status).toBe(200);
    const afterAdd = await world.fingerprint();
    expect(Object.keys(afterAdd).filter((t) => afterAdd[t] !== before[t])).toEqual(['vehicle_groups']);
    await ctx.database.pool.query('update parks set name = name where id = $1', [world.known.parkId]);
    const afterUpdate = await world.fingerprint();
    expect(Object.keys(afterUpdate).filter((t) => afterUpdate[t] !== afterAdd[t])).toEqual(['parks']);
  });

  it.each(ordered.map((s) => [keyOf(s), s] as const))('%s', async (name, spec) => {
    await world.ensureOwner();
    if (STEP_UP.has(name)) await world.stepUp();
    const runs = LAST[name] ?? RUNS;
    const sample = fc.sample(requestArb(spec, world.known), { seed: SEED + hash(name), numRuns: runs });
    // Well-formed requests last: they are the ones likely to succeed, and a batch with a success
    // in it can't be checked for rows changed by its refusals.
    const requests = [...sample.filter((r) => r.kind !== 'well-formed'), ...sample.filter((r) => r.kind === 'well-formed')];
    const problems = new Map<string, string>();
    const note = (what: string, req: FuzzRequest) => {
      // One line per kind of answer and kind of request: a route failing for two causes shows both.
      const key = `${what.slice(0, 60)} | ${req.kind.split(' ')[0]} ${req.kind.includes('date') ? 'date' : ''}${req.kind.includes('multipart') ? 'multipart' : ''}${req.kind.includes('deep') ? 'deep' : ''}`;
      if (!problems.has(key)) problems.set(key, `${what}\n    ${show(req)}`);
    };
    const endsSession = name in LAST;

    let before = await fingerprint();
    for (let i = 0; i < requests.length; i += CHUNK) {
      let onlyRefused = true;
      const chunk = requests.slice(i, i + CHUNK);
      for (const req of chunk) {
        const res = await ctx.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: { authorization: `Bearer ${world.owner.token}`, profile_id: world.owner.profileId, ...req.headers },
          payload: req.payload,
        });
        sent += 1;
        const wrong = judge(res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
        if (wrong) note(wrong, req);
        if (res.statusCode < 400 || res.statusCode >= 500) onlyRefused = false;
        else refused += 1;
        if (endsSession && res.statusCode < 300) await world.ensureOwner();
      }
      const after = await fingerprint();
      if (onlyRefused) {
        checkedChunks += 1;
        refusedChecked += chunk.length;
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length) note(`refused requests changed rows of ${changed.join(', ')} (one of these ${chunk.length})`, chunk[0]);
      }
      chunks += 1;
      before = after;
    }
    expect([...problems.values()], `${problems.size} problem(s) on ${name}`).toEqual([]);
  });

  it('reports what it sent', () => {
    console.info(`route fuzz: ${ordered.length} routes, ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s (${Math.round(fingerprintMs / 1000)} s of fingerprints; ${refused} refused, ${refusedChecked} of them in the ${checkedChunks} of ${chunks} batches refused whole, rows checked)`);
    expect(sent).toBeGreaterThan(ordered.length * 10);
  });
});
