// JavaScript weight of the built web app (web/dist): what a phone downloads before the sign-in
// screen is usable, and before any lazy route is usable. Sizes are gzip level 9 per file (each
// file travels separately), summed over the set of files a screen needs; the number of those
// files is the screen's JS requests.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// `import{a as b}from"./x.js"`, `export*from"./x.js"`, `import"./x.js"` (static, loaded eagerly).
const STATIC_RE = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+?\.js)["']/g;
// `import("./x.js")` or import(`./x.js`) (dynamic: NOT loaded until the route renders).
const DYNAMIC_RE = /\bimport\(\s*[`"'](\.{1,2}\/[^`"']+?\.js)[`"']\s*\)/g;

/** `LoginPage-B6_N0Igs.js` -> `LoginPage` (Vite/Rolldown: name, dash, 8-character hash). */
export function chunkName(file) {
  const base = path.basename(file);
  const m = /^(.+)-[A-Za-z0-9_-]{8}\.js$/.exec(base);
  return m ? m[1] : base.replace(/\.js$/, '');
}

function listFiles(dir, ext) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d)) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith(ext)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * @param {string} dist web/dist folder
 * @param {{ signInPage?: string, routerFile?: string }} [opts] the sign-in page's chunk name; the router source
 */
export function measureJsWeight(distDir, opts = {}) {
  const dist = path.resolve(distDir);
  const signInPage = opts.signInPage ?? 'LoginPage';
  const indexHtml = path.join(dist, 'index.html');
  if (!existsSync(indexHtml)) return { ok: false, reason: `${indexHtml} not found (web app not built)` };

  const html = readFileSync(indexHtml, 'utf8');
  const fromHtml = (href) => path.join(dist, href.replace(/^https?:\/\/[^/]+/, '').replace(/^\//, '').split(/[?#]/)[0]);
  const entries = [...html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)].map((m) => fromHtml(m[1]));
  const preloads = [...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)].map((m) => fromHtml(m[1]));
  if (entries.length === 0) return { ok: false, reason: 'no <script type="module" src=...> entry in web/dist/index.html' };

  const gz = new Map(); // file -> gzip bytes
  const staticDeps = new Map(); // file -> [files]
  const dynamicDeps = new Map(); // file -> [files]
  const missing = new Set();
  for (const f of listFiles(dist, '.js')) {
    const src = readFileSync(f);
    gz.set(f, gzipSync(src, { level: 9 }).length);
    const text = src.toString('utf8');
    const dir = path.dirname(f);
    staticDeps.set(f, [...new Set([...text.matchAll(STATIC_RE)].map((m) => path.resolve(dir, m[1])))]);
    dynamicDeps.set(f, [...new Set([...text.matchAll(DYNAMIC_RE)].map((m) => path.resolve(dir, m[1])))]);
  }

  const graph = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const f = stack.pop();
      if (seen.has(f)) continue;
      if (!gz.has(f)) {
        missing.add(f);
        continue;
      }
      seen.add(f);
      stack.push(...staticDeps.get(f));
    }
    return seen;
  };
  const size = (set) => [...set].reduce((n, f) => n + (gz.get(f) ?? 0), 0);
  const union = (...sets) => new Set(sets.flatMap((s) => [...s]));

  const entryGraph = graph([...entries, ...preloads]);
  const dynamicTargets = [...new Set([...dynamicDeps.values()].flat())];
  dynamicTargets.filter((f) => !gz.has(f)).forEach((f) => missing.add(f));
  const lazy = dynamicTargets.filter((f) => gz.has(f));
  const routes = lazy
    .map((f) => {
      const set = union(entryGraph, graph([f]));
      return { chunk: chunkName(f), file: f, bytes: size(set), requests: set.size, extra: size(set) - size(entryGraph) };
    })
    .sort((a, b) => b.bytes - a.bytes);

  // A nested route renders its layouts' chunks and its page's chunk. Read which page sits under
  // which layout from the router source (React.lazy + page(X) + children: [...]); without it, pair
  // every page with every layout (chunks named *Layout) as a conservative upper bound.
  const byName = new Map(lazy.map((f) => [chunkName(f), f]));
  const nesting = opts.routerFile ? readNesting(opts.routerFile) : null;
  const layouts = lazy.filter((f) => /Layout$/.test(chunkName(f)));
  const nested = [];
  if (nesting && nesting.length) {
    for (const { page, layouts: ls } of nesting) {
      const files = [...ls, page].map((n) => byName.get(n));
      if (files.some((f) => !f)) continue;
      const set = union(entryGraph, ...files.map((f) => graph([f])));
      nested.push({ chunks: [...ls, page].join(' + '), names: [...ls, page], bytes: size(set), requests: set.size });
    }
  } else {
    for (const page of lazy.filter((f) => !layouts.includes(f))) {
      for (const layout of layouts) {
        const set = union(entryGraph, graph([layout]), graph([page]));
        nested.push({ chunks: `${chunkName(layout)} + ${chunkName(page)}`, names: [chunkName(layout), chunkName(page)], bytes: size(set), requests: set.size });
      }
    }
  }
  nested.sort((a, b) => b.bytes - a.bytes);

  const screens = nesting && nesting.length ? new Set(nesting.flatMap((n) => [n.page, ...n.layouts])) : null;

  const signInNames = nested.find((n) => n.names.at(-1) === signInPage)?.names ?? [signInPage];
  const signInFiles = signInNames.map((name) => byName.get(name));
  const signInMissing = signInNames.filter((_, i) => !signInFiles[i]);
  const signInSet = union(entryGraph, graph(signInFiles.filter(Boolean)));
  const signIn = size(signInSet);

  const cssGz = listFiles(dist, '.css').reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);

  return {
    ok: true,
    files: [...gz.entries()]
      .map(([f, bytes]) => ({ file: path.relative(dist, f), chunk: chunkName(f), bytes, entry: entryGraph.has(f), lazy: lazy.includes(f) }))
      .sort((a, b) => b.bytes - a.bytes),
    entryGraph: size(entryGraph),
    entryFiles: [...entryGraph].map((f) => path.relative(dist, f)),
    signIn,
    signInRequests: signInSet.size,
    signInChunks: signInNames,
    signInMissing,
    routes,
    worstRoute: routes[0] ?? null,
    nested,
    nestingFrom: nesting && nesting.length ? 'router' : 'every layout x every page (router not read)',
    worstNested: nested[0] ?? null,
    // A route is a screen the router renders. Other lazy chunks (the Excel and PDF writers, the
    // gallery's sections) load on a click inside a screen and are reported apart, as on-demand.
    anyRoute: Math.max(size(entryGraph), ...(screens ? [nested[0]?.bytes ?? 0] : [routes[0]?.bytes ?? 0, nested[0]?.bytes ?? 0])),
    // The most JS files one screen needs (same screens as anyRoute), and which screen that is.
    ...mostRequests(entryGraph.size, screens ? nested : [...routes, ...nested]),
    onDemand: screens ? routes.filter((r) => !screens.has(r.chunk)) : [],
    cssGz,
    missing: [...missing].map((f) => path.relative(dist, f)),
  };
}

function mostRequests(entryFiles, screens) {
  const top = screens.reduce((best, s) => (s.requests > (best?.requests ?? 0) ? s : best), null);
  return top && top.requests > entryFiles ? { anyScreenRequests: top.requests, mostRequestsScreen: top.chunks ?? top.chunk } : { anyScreenRequests: entryFiles, mostRequestsScreen: 'entry graph' };
}

/**
 * Which lazy page renders inside which lazy layouts, read from the router source. Two styles:
 * JSX `<Route element={page(Layout)}> <Route element={page(Page)} /> </Route>` and objects
 * `{ element: page(Layout, ...), children: [ { element: page(Page) } ] }`, with the screens declared
 * `const X = lazy(() => import('./X.tsx'))`. Returns [{ page, layouts }] with chunk names (the
 * imported file's base name), or null when the file doesn't read that way.
 */
export function readNesting(routerFile) {
  if (!existsSync(routerFile)) return null;
  const src = readFileSync(routerFile, 'utf8');
  // `lazy(() => import('./X.tsx'))`, also with `.then((m) => ({ default: m.X }))` after the import.
  const chunkOf = new Map(
    [...src.matchAll(/const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"`]([^'"`]+)['"`]\s*\)/g)].map((m) => [
      m[1],
      path.basename(m[2]).replace(/\.[jt]sx?$/, ''),
    ]),
  );
  if (chunkOf.size === 0) return null;
  const screenIn = (text) => [...text.matchAll(/\bpage\(\s*(\w+)/g)].map((m) => m[1]).find((n) => chunkOf.has(n));
  // Wrappers: a function of the router that renders a lazy component around the screen, such as
  // `guarded(view, page(X))` rendering `<RequireView>`; that component's chunk loads with the screen.
  const wrappers = new Map();
  for (const m of src.matchAll(/\bfunction\s+(\w+)\s*\(([\s\S]*?)(?=\n(?:export\s+)?function\b|$)/g)) {
    const rendered = [...m[2].matchAll(/<(\w+)\b/g)].map((r) => r[1]).filter((n) => chunkOf.has(n));
    if (rendered.length) wrappers.set(m[1], [...new Set(rendered)].map((n) => chunkOf.get(n)));
  }
  const wrappedBy = (text) => [...wrappers].filter(([name]) => new RegExp(`\\b${name}\\(`).test(text)).flatMap(([, chunks]) => chunks);
  const out = [];

  if (/<Route\b/.test(src)) {
    const stack = [];
    for (const tag of routeTags(src)) {
      if (tag === null) {
        stack.pop();
        continue;
      }
      const screen = screenIn(tag);
      if (screen) out.push({ page: chunkOf.get(screen), layouts: [...stack.filter(Boolean), ...wrappedBy(tag)] });
      if (!/\/\s*>$/.test(tag)) stack.push(screen ? chunkOf.get(screen) : null);
    }
    return out.length ? out : null;
  }

  // Object style. Bracket depth before each position (no brackets inside the router's strings).
  const depth = new Int32Array(src.length + 1);
  for (let i = 0, d = 0; i < src.length; i++) {
    depth[i] = d;
    const c = src[i];
    if (c === '{' || c === '[' || c === '(') d++;
    else if (c === '}' || c === ']' || c === ')') d--;
  }
  const close = (open) => {
    for (let i = open + 1; i < src.length; i++) if (depth[i] === depth[open] + 1 && src[i] === ']') return i;
    return src.length;
  };
  const pages = [...src.matchAll(/\bpage\(\s*(\w+)/g)].filter((m) => chunkOf.has(m[1])).map((m) => ({ at: m.index, name: m[1] }));
  const arrays = [...src.matchAll(/\bchildren\s*:\s*\[/g)].map((m) => {
    const open = m.index + m[0].length - 1;
    const owner = pages.filter((p) => p.at < m.index && depth[p.at] === depth[m.index]).at(-1);
    const inSameObject = owner && !/children\s*:/.test(src.slice(owner.at, m.index));
    return { from: open, to: close(open), owner: inSameObject ? owner.name : null };
  });
  for (const p of pages) {
    const ls = arrays.filter((a) => a.owner && a.from < p.at && p.at < a.to).sort((a, b) => a.from - b.from);
    out.push({ page: chunkOf.get(p.name), layouts: ls.map((a) => chunkOf.get(a.owner)) });
  }
  return out.length ? out : null;
}

/**
 * The JSX router's `<Route …>` opening tags, in order, as text, with null for each `</Route>`: the
 * callers keep their own stack of what the open routes hold (a self-closing tag ends with '/>').
 */
export function* routeTags(src) {
  const re = /<Route\b|<\/Route\s*>/g;
  let m;
  while ((m = re.exec(src))) {
    if (m[0].startsWith('</')) {
      yield null;
      continue;
    }
    // The opening tag ends at the first '>' outside braces (elements are written inside them).
    let i = m.index + m[0].length;
    for (let d = 0; i < src.length; i++) {
      const c = src[i];
      if (c === '{') d++;
      else if (c === '}') d--;
      else if (c === '>' && d === 0) break;
    }
    yield src.slice(m.index, i + 1);
    re.lastIndex = i + 1;
  }
}
