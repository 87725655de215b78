#!/usr/bin/env node
// Builds what `npm start` serves: the server bundle (esbuild) and the web app (Vite), each only
// when its sources changed since the last build (or always with --force). Web assets are also
// pre-compressed (gzip and brotli) so slow mobile networks get the smallest files.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

function newestMtime(dirs) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      if (['node_modules', 'dist', '.tmp'].includes(path.basename(p))) return;
      for (const e of readdirSync(p)) walk(path.join(p, e));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  dirs.forEach((d) => walk(path.join(root, d)));
  return newest;
}

function stale(output, sources) {
  if (force || !existsSync(output)) return true;
  return newestMtime(sources) > statSync(output).mtimeMs;
}

export async function buildServer() {
  const out = path.join(root, 'server/dist/main.js');
  const maker = path.join(root, 'server/dist/make-pglite-template.js');
  const ownerCreate = path.join(root, 'server/dist/owner-create.js');
  if (existsSync(maker) && existsSync(ownerCreate) && !stale(out, ['server/src', 'contract/src', 'server/migrations'])) {
    buildPgliteTemplate();
    return false;
  }
  await build({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      'make-pglite-template': path.join(root, 'server/src/platform/db/make-pglite-template.ts'),
      'owner-create': path.join(root, 'server/src/owner-create.ts'),
    },
    outdir: path.join(root, 'server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Our own code and the contract are bundled; installed packages are loaded from node_modules.
    packages: 'external',
    // '@flotte/contract' and its subpaths ('@flotte/contract/contracts'), as its package.json's
    // exports map them; an alias would map the subpaths under index.ts.
    plugins: [
      {
        name: 'flotte-contract',
        setup(b) {
          b.onResolve({ filter: /^@flotte\/contract(\/[\w-]+)?$/ }, (args) => ({ path: path.join(root, 'contract/src', `${args.path.slice('@flotte/contract/'.length) || 'index'}.ts`) }));
        },
      },
    ],
    logLevel: 'warning',
  });
  buildPgliteTemplate();
  return true;
}

/**
 * The migrated blank embedded database a first start copies instead of running initdb (see
 * server/src/platform/db/pglite-template.ts): made again when the migrations or PGlite changed.
 */
function buildPgliteTemplate() {
  const stamp = path.join(root, 'server/dist/pglite-template/flotte-template.json');
  const pglite = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
  let current = false;
  try {
    current = JSON.parse(readFileSync(stamp, 'utf8')).pglite === pglite && !stale(stamp, ['server/migrations']);
  } catch {
    current = false;
  }
  if (current) return false;
  try {
    execFileSync(process.execPath, [path.join(root, 'server/dist/make-pglite-template.js')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (err) {
    // Not fatal: without a template a first start creates its database as before, only slower.
    console.warn(`pglite template not made (${String(err.message).split('\n')[0]}); first starts will run initdb`);
    return false;
  }
  return true;
}

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip -9) beside every compressible file of the
 * built web app; the server sends the one the browser accepts (server/src/platform/web-app.ts).
 * Done once here because brotli at quality 11 is far too slow to run per request.
 */
function precompress(dir) {
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) precompress(p);
    else if (/\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/.test(e)) {
      const buf = readFileSync(p);
      const text = { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length };
      writeFileSync(`${p}.gz`, gzipSync(buf, { level: 9 }));
      writeFileSync(`${p}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, ...text } }));
    }
  }
}

export function buildWeb() {
  const out = path.join(root, 'web/dist/index.html');
  if (!stale(out, ['web/src', 'web/index.html', 'web/vite.config.ts', 'contract/src'])) {
    // A web/dist built by `vite build` alone has no compressed files: make them, the build stands.
    if (!existsSync(`${out}.br`)) precompress(path.join(root, 'web/dist'));
    return false;
  }
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
  });
  precompress(path.join(root, 'web/dist'));
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = Date.now();
  const s = await buildServer();
  const w = existsSync(path.join(root, 'web/index.html')) ? buildWeb() : false;
  console.log(`build: server ${s ? 'built' : 'up to date'}, web ${w ? 'built' : 'up to date'} (${Date.now() - t} ms)`);
}
