import type { FastifyInstance } from 'fastify';
import { BodyTooDeepError, cleanBody, ErrorCodes, MAX_BODY_DEPTH } from '@flotte/contract';
import { AppError } from './errors.ts';

/**
 * Where the first text holding a NUL character (U+0000) sits in a value, as a field path
 * ('lines.2.label'), or null. Keys count as text too. PostgreSQL refuses NUL in text, so such a
 * value would fail as a 500 deep in a query; every string of every request is checked here, once.
 */
export function nulCharacterField(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  if (depth > MAX_BODY_DEPTH) throw new BodyTooDeepError();
  for (const [k, v] of Object.entries(value)) {
    // A key that is no field name (the bad character, any text) is not repeated: its parent is named.
    const at = !PLAIN_KEY.test(k) ? path : path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return at;
    const found = nulCharacterField(v, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** What a field name looks like: a key of our schemas, an index, a form's `list[]`. */
const PLAIN_KEY = /^[A-Za-z0-9_\-[\]]{1,64}$/;

/**
 * A field path as an answer may name it: cut before the first segment that is not a field name, so
 * an answer never repeats a key the client made up (a record's key, a 10 kB key, a control character).
 */
export function plainFieldPath(path: string): string {
  const segments = path.split('.');
  const bad = segments.findIndex((s) => !PLAIN_KEY.test(s));
  return bad === -1 ? path : segments.slice(0, bad).join('.');
}

/** Refuses a value holding a NUL character with 400 naming the field. */
export function assertNoNulCharacter(value: unknown, path = ''): void {
  const field = nulCharacterField(value, path);
  if (field === null) return;
  const e = ErrorCodes.INVALID_CHARACTER;
  throw new AppError('INVALID_CHARACTER', { fieldErrors: [{ field: plainFieldPath(field), message: e.message }] });
}

/**
 * Bodies and query strings lose their null, empty and 'Unknown' values before validation, and a
 * body, query or path holding a NUL character is refused (form fields: platform/multipart.ts).
 */
export function registerBodyCleaning(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    try {
      if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) request.body = cleanBody(request.body);
      assertNoNulCharacter(request.body);
      if (request.query && typeof request.query === 'object') {
        request.query = cleanBody({ ...(request.query as object) });
        assertNoNulCharacter(request.query);
      }
      assertNoNulCharacter(request.params);
    } catch (err) {
      if (err instanceof BodyTooDeepError) throw new AppError('BODY_TOO_DEEP');
      throw err;
    }
  });
}
