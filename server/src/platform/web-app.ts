import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app: hashed assets (web/dist/assets/, their name changes when they do)
 * cached for a year as immutable, everything else (index.html above all) revalidated at each use
 * (`no-cache`) so a deploy is picked up at the next visit, and every non-API GET answered with
 * index.html (registerNotFound) so client-side routes such as /dashboard survive a reload.
 *
 * scripts/build.mjs writes a brotli (.br) and a gzip (.gz) file beside every compressible one;
 * `preCompressed` sends the brotli file to a browser that accepts it, else the gzip one, else the
 * plain file, with `Vary: Accept-Encoding` and the plain file's Content-Type. Nothing is
 * compressed per request: brotli at its best quality is too slow for that, and it is some 15%
 * smaller than gzip -9 on our scripts, which counts on slow mobile networks.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(res, filePath) {
      // Relative to the web folder: the folder itself may well sit under a path with an `assets`.
      const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
