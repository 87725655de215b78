import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

/**
 * Compresses the API's answers for a browser that accepts it: a month of planning for a large fleet
 * is megabytes of repetitive JSON (ids, names, dates) that brotli or gzip cut some tenfold, which on
 * a 1.6 Mbps mobile link is seconds. Answers under 1 kB go as they are (the envelope of a small
 * answer gains nothing). Brotli at quality 4 costs about what gzip 6 does per byte and ends smaller;
 * the best qualities are for the build's precompressed assets, not for every request.
 *
 * Registered inside the /api scope, after the root hooks (envelope, idempotency record), so those
 * still see the JSON text and only the bytes on the wire change.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
