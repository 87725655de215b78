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
    const at = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return at;
    const found = nulCharacterField(v, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a value holding a NUL character with 400 naming the field. */
export function assertNoNulCharacter(value: unknown, path = ''): void {
  const field = nulCharacterField(value, path);
  if (field === null) return;
  const e = ErrorCodes.INVALID_CHARACTER;
  // The field's name, without the bad character (a key may hold it): the answer never echoes it.
  throw new AppError('INVALID_CHARACTER', { fieldErrors: [{ field: field.replaceAll('\u0000', ''), message: e.message }] });
}

/**
 * Bodies and query strings lose their null, empty and 'Unknown' values before validation, and a
 * body, query or path holding a NUL character is refused (form fields: platform/multipart.ts).
 */
export function registerBodyCleaning(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    try {
      if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
        request.body = cleanBody(request.body);
        assertNoNulCharacter(request.body);
      }
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
