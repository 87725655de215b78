import type { FastifyInstance } from 'fastify';
import { MAX_BODY_DEPTH } from '@flotte/contract';
import { AppError } from './errors.ts';

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting of arrays and objects in a JSON text, found by one linear pass that counts
 * brackets outside strings (escapes honoured). It stops as soon as `limit` is passed, so a hostile
 * body costs at most one read of its bytes and never a recursion.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote (one not escaped by an odd run of backslashes): strings cost a memchr, not a loop.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false; // an unterminated string: JSON.parse refuses it
      i = end;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** Whether the character at `at` follows an odd number of backslashes. */
function escaped(text: string, at: number): boolean {
  let n = 0;
  for (let j = at - 1; j >= 0 && text.charCodeAt(j) === BACKSLASH; j--) n++;
  return n % 2 === 1;
}

/**
 * Replaces Fastify's JSON parser with the same one (secure-json-parse, proto and constructor
 * poisoning refused) behind a nesting bound: a body nested deeper than MAX_BODY_DEPTH is refused
 * with 400 before JSON.parse or any walk of the body (the cleaning, the guard, zod) could overflow
 * the stack. An empty body reads as no body, so a POST without one (a sign-out) is not refused for
 * its Content-Type; a route that needs a body says so through its schema.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text, MAX_BODY_DEPTH)) return done(new AppError('BODY_TOO_DEEP'), undefined);
    parse(request, text, done);
  });
}
