import { build as viteBuild, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';

// Vite 8 is ESM-only: `import.meta.dirname` replaces `__dirname`.
const root = import.meta.dirname;

/*
 * Chunks, for phones on slow mobile networks. Left to itself the bundler cuts the app into some
 * 200 files, 60 to 100 of them per screen: each one a request, with its own import glue and a gzip
 * that can't share a dictionary with its neighbours. We group modules by *which screens need them*:
 *
 * - `boot`: everything the entry needs (React, the router, the Mantine provider, the session, the
 *   API client, the toasts), however many lazy screens also use it;
 * - `sign-in`: what the sign-in screen (AuthLayout + LoginPage) adds to it (zod, the form inputs);
 * - `query`: TanStack Query with our client, which the layout needs and the session's start and
 *   sign-out load lazily (so neither pulls `app`; nor does the toast container);
 * - `app`: what every signed-in screen needs (the layout's code, the permission guard) and the
 *   small pieces three signed-in screens or more share;
 * - `shared-*`: a larger set of modules that the same few signed-in screens share (the date
 *   pickers of four screens, the forms of seven) gets a chunk of its own, so that the screens
 *   without dates don't download them; a small set joins such a chunk when all its screens load it;
 * - the rest keeps the bundler's own splitting: a screen's own code stays in its chunk (one per
 *   route of web/src/app/router.tsx), and the on-click pieces (dialogs, the Excel and PDF writers
 *   and their libraries) stay lazy and apart. So do the sign-up, the gallery and other screens
 *   outside the signed-in app.
 *
 * "Which screens need a module" must be read after tree-shaking: Mantine, TanStack Query and zod
 * are imported through barrel files that reach every component, so the source's import graph says
 * every screen needs all of Mantine. A production build therefore first runs a planning build with
 * the bundler's default chunks (nothing written) and reads from its chunk graph which lazy screens
 * load each module at once; the real build then groups by that plan. Measured by
 * bench/js-weight.mjs: sign-in 147 kB gzip in 5 files, the heaviest screen 299 kB in 18 (were
 * 150 kB and 313 kB in up to 95 files).
 */
const SIGN_IN = /\/src\/features\/auth\/pages\/(AuthLayout|LoginPage)\.tsx$/;
// Loaded by every signed-in screen: the layout, the permission guard, TanStack Query's client.
const SHELL = /\/src\/app\/(layout\/DashboardLayout|RequireView)\.tsx$/;
// Lazy roots that load on every screen, the sign-in one included, so they must never pull `app`
// there: TanStack Query's client (the session clears it) gets a chunk of its own with what it
// needs; the toast container (after the first paint) keeps its own chunk, and the Mantine pieces
// it shares with other screens go to `boot`.
const QUERY = /\/src\/api\/query-client\.ts$/;
const TOASTS = /\/node_modules\/@mantine\/notifications\//;
// Lazy pieces of a screen that the entry also imports, only to preload them (app/router.tsx).
const PRELOADED_PIECE = /\/src\/features\/fleet-dashboard\/FleetDashboard\.tsx$/;
// Lazy screens that are not signed-in screens: their modules never count as shared.
const NOT_SIGNED_IN = /\/src\/(features\/auth\/|features\/signup\/|ui\/gallery\/|app\/pages\/NotFoundPage)|\/node_modules\//;

/** Module id -> name of the chunk it goes to (unlisted modules: the bundler's default). */
type Plan = Map<string, string>;
/** Modules that the same signed-in screens (two or more) load, and their estimated gzip bytes. */
type Shared = { screens: string[]; modules: string[]; bytes: number };

// A set of modules only some signed-in screens share gets its own chunk from this estimated size
// (sum of its modules' gzip sizes); smaller ones shared by three screens or more join `app`.
const OWN_CHUNK_FROM = 5000;
const SMALL_SHARED_IN_APP_FROM = 3;

/** Module id -> chunk, from the default chunk graph of a planning build. */
async function planChunks(): Promise<Plan> {
  process.env.FLOTTE_CHUNK_PLAN = '1';
  let result;
  try {
    result = await viteBuild({
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: 'silent',
      build: { write: false, reportCompressedSize: false, emptyOutDir: false },
    });
  } finally {
    delete process.env.FLOTTE_CHUNK_PLAN;
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const gz = new Map(chunks.flatMap((c) => Object.entries(c.modules).map(([id, m]) => [id, m.code ? gzipSync(m.code).length : 0] as const)));
  // The modules a chunk needs at once: its own and those of its static imports, transitively.
  const eager = (start: Rolldown.OutputChunk) => {
    const seen = new Set<string>();
    const stack = [start.fileName];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f) || !byFile.has(f)) continue;
      seen.add(f);
      stack.push(...byFile.get(f)!.imports);
    }
    return new Set([...seen].flatMap((f) => byFile.get(f)!.moduleIds));
  };
  const entry = chunks.filter((c) => c.isEntry);
  const initial = new Set(entry.flatMap((c) => [...eager(c)]));
  // Screens: what the entry imports lazily (the router's screens, the guard, the query client),
  // less the pieces of a screen it only preloads (they keep the place their screen gives them).
  const screens = [...new Set(entry.flatMap((c) => c.dynamicImports))]
    .map((f) => byFile.get(f))
    .filter((c) => c?.facadeModuleId && !PRELOADED_PIECE.test(c.facadeModuleId)) as Rolldown.OutputChunk[];
  const signIn = new Set<string>();
  const query = new Set<string>();
  const toasts = new Set<string>();
  const shell = new Set<string>();
  const usedBy = new Map<string, string[]>(); // module -> the signed-in screens that load it at once
  for (const screen of screens) {
    const id = screen.facadeModuleId!;
    const modules = eager(screen);
    if (SIGN_IN.test(id)) modules.forEach((m) => signIn.add(m));
    else if (QUERY.test(id)) modules.forEach((m) => query.add(m));
    else if (TOASTS.test(id)) modules.forEach((m) => toasts.add(m));
    else if (SHELL.test(id)) modules.forEach((m) => shell.add(m));
    else if (!NOT_SIGNED_IN.test(id)) modules.forEach((m) => usedBy.set(m, [...(usedBy.get(m) ?? []), id]));
  }
  // A screen's own module keeps its chunk (the router and the bench know screens by it), except the
  // shell's, which every signed-in screen loads anyway.
  const own = new Set(screens.map((s) => s.facadeModuleId!).filter((id) => !SHELL.test(id) && !QUERY.test(id)));
  const plan: Plan = new Map();
  const shared = new Map<string, Shared>(); // by screen set
  for (const c of chunks) {
    for (const m of c.moduleIds) {
      if (own.has(m) || m === c.facadeModuleId) continue;
      if (initial.has(m)) plan.set(m, 'boot');
      else if (signIn.has(m)) plan.set(m, 'sign-in');
      else if (toasts.has(m) && (query.has(m) || shell.has(m) || usedBy.has(m))) plan.set(m, 'boot');
      else if (query.has(m)) plan.set(m, 'query');
      else if (shell.has(m)) plan.set(m, 'app');
      else if ((usedBy.get(m)?.length ?? 0) >= 2) {
        const users = usedBy.get(m)!.sort();
        const set = shared.get(users.join('|')) ?? { screens: users, modules: [], bytes: 0 };
        set.modules.push(m);
        set.bytes += gz.get(m) ?? 0;
        shared.set(users.join('|'), set);
      }
    }
  }
  // What a module may import, read at the chunk level (tree-shaken): the modules of its chunk and
  // of the chunks that chunk imports. A module only imports what at least the same screens load.
  const chunkOf = new Map(chunks.flatMap((c) => c.moduleIds.map((m) => [m, c] as const)));
  const depsOf = (m: string) => {
    const c = chunkOf.get(m)!;
    return [...c.moduleIds, ...c.imports.flatMap((f) => byFile.get(f)?.moduleIds ?? [])];
  };
  // Sets with more screens first, so that what a set imports is placed before it.
  const sets = [...shared.values()].sort((a, b) => b.screens.length - a.screens.length || b.bytes - a.bytes);
  const screensOf = new Map<string, string[]>(); // chunk of a big set -> its screens
  const names = new Set<string>();
  // Can set `s` join chunk `into` without making that chunk's screens load another chunk they
  // don't need? `app` (every signed-in screen) may only import `boot`, `sign-in` and itself.
  const fits = (s: Shared, into: string) =>
    s.modules.every((m) =>
      depsOf(m).every((d) => {
        const g = plan.get(d);
        if (g === 'boot' || g === 'sign-in' || g === 'query' || g === into || initial.has(d) || s.modules.includes(d)) return true;
        if (into === 'app' || g === undefined) return false;
        return g === 'app' || (screensOf.get(g)?.length ?? 0) > 0 && screensOf.get(into)!.every((x) => screensOf.get(g)!.includes(x));
      }),
    );
  for (const s of sets) {
    if (s.bytes >= OWN_CHUNK_FROM) {
      const name = uniqueName(chunkLabel(s.modules, gz), names);
      s.modules.forEach((m) => plan.set(m, name));
      screensOf.set(name, s.screens);
      continue;
    }
    // A small set joins the smallest chunk all its screens load anyway, else `app` when three
    // screens or more share it, else keeps the bundler's default (its own small chunk).
    const holders = [...screensOf].filter(([, screens]) => s.screens.every((x) => screens.includes(x))).sort((a, b) => a[1].length - b[1].length).map(([name]) => name);
    const into = [...holders, ...(s.screens.length >= SMALL_SHARED_IN_APP_FROM ? ['app'] : [])].find((g) => fits(s, g));
    if (into) s.modules.forEach((m) => plan.set(m, into));
  }
  return plan;
}

/** `shared-<package or folder>`, after what weighs most in the set: `shared-mantine-dates`. */
function chunkLabel(modules: string[], gz: Map<string, number>): string {
  const weight = new Map<string, number>();
  for (const m of modules) {
    const where = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(m)?.[1] ?? /\/src\/(?:features\/|ui\/|app\/)?([^/.]+)/.exec(m)?.[1] ?? 'app';
    weight.set(where, (weight.get(where) ?? 0) + (gz.get(m) ?? 0));
  }
  const top = [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'app';
  return `shared-${top.replace(/^@/, '').replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/*
 * zod's JSON Schema output, left out of the web app. Every zod 4 schema object carries a
 * `toJSONSchema()` method, so the code behind it (zod/v4/core/to-json-schema.js and the
 * per-type processors of json-schema-processors.js, some 15 kB before gzip) is kept by tree-shaking
 * and lands in the sign-in chunk, where the shared zod core lives, although only the server writes
 * JSON Schema (the OpenAPI document). In the build those two files keep their exports, as functions
 * that say so if ever called; `aggregateChecks`, which the schemas read at run time (a string's
 * minLength, a number's bounds), stays as zod wrote it. Checked against the pinned zod: the build
 * fails if the files no longer look as expected.
 */
function zodWithoutJsonSchema(): Plugin {
  const TO_JSON_SCHEMA = /\/zod\/v4\/core\/to-json-schema\.js$/;
  const PROCESSORS = /\/zod\/v4\/core\/json-schema-processors\.js$/;
  const unavailable = "const unavailable = () => { throw new Error('zod: JSON Schema is not built into the web app'); };";
  const exportsOf = (code: string) => [...code.matchAll(/^export (?:async )?(?:function|const|let|class) (\w+)/gm)].map((m) => m[1]);
  const stub = (name: string) =>
    /^create\w*Method$/.test(name) ? `export const ${name} = () => unavailable;` : name === 'allProcessors' ? `export const ${name} = {};` : `export const ${name} = unavailable;`;
  return {
    name: 'flotte:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (TO_JSON_SCHEMA.test(id)) {
        const names = exportsOf(code);
        if (!names.includes('createToJSONSchemaMethod') || !code.includes('export { processSchema as process };')) this.error(`unexpected ${id}: update zodWithoutJsonSchema`);
        return { code: [unavailable, ...names.map(stub), 'export { processSchema as process };'].join('\n'), map: null };
      }
      if (PROCESSORS.test(id)) {
        const start = code.indexOf('export function aggregateChecks(');
        const end = code.indexOf('\nconst formatMap = {', start);
        if (start < 0 || end < 0) this.error(`unexpected ${id}: update zodWithoutJsonSchema`);
        const kept = code.slice(0, end).replace(/^import \{[^}]*\} from "\.\/to-json-schema\.js";$/m, '');
        const names = exportsOf(code.slice(end));
        return { code: [kept, unavailable, ...names.map(stub)].join('\n'), map: null };
      }
      return null;
    },
  };
}

function uniqueName(name: string, taken: Set<string>): string {
  let n = name;
  for (let i = 2; taken.has(n); i++) n = `${name}-${i}`;
  taken.add(n);
  return n;
}

export default defineConfig(async ({ command }) => {
  const plan = command === 'build' && !process.env.FLOTTE_CHUNK_PLAN ? await planChunks() : null;
  return {
    root,
    plugins: [react(), zodWithoutJsonSchema()],
    build: {
      outDir: `${root}/dist`,
      emptyOutDir: true,
      target: 'es2022',
      // Report gzip sizes so the JS budget of slow mobile networks stays visible on every build.
      reportCompressedSize: true,
      rolldownOptions: {
        output: {
          codeSplitting: !plan ? true : {
            // The plan names every module a group holds, its dependencies included; by default a
            // group would also take whatever its modules import in the source, barrels included
            // (all of zod and of Mantine for one schema or one button).
            includeDependenciesRecursively: false,
            groups: [...new Set(plan.values())].map((name) => ({
              name: (id: string) => (plan.get(id) === name ? name : null),
              debugName: name,
            })),
          },
        },
      },
    },
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        // The API and its httpOnly refresh cookie (path /api) stay same-origin through this proxy.
        '/api': { target: 'http://127.0.0.1:3001', changeOrigin: false, ws: false },
      },
    },
    preview: {
      port: 4173,
      proxy: { '/api': { target: 'http://127.0.0.1:3001', ws: false } },
    },
  };
});
