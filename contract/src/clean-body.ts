/**
 * Request bodies are cleaned of null, empty and 'Unknown' values before validation (spec 000
 * section 5): forms send those for "nothing chosen", and they must read as absent, not as values.
 */

/** How deep arrays and objects may nest in a request: the forms need 4 or 5; the server refuses more than this. */
export const MAX_BODY_DEPTH = 32;

/** Thrown by cleanBody for a value nested deeper than MAX_BODY_DEPTH (the server answers 400). */
export class BodyTooDeepError extends RangeError {}

export function cleanBody<T>(value: T): T {
  return clean(value, 0) as T;
}

// Bounded recursion: the JSON parser already refuses deeper bodies, this keeps any other caller
// (query strings, form fields, the web) from overflowing the stack. Kept short: the web's first
// screen carries it.
function clean(value: unknown, depth: number): unknown {
  const list = Array.isArray(value);
  if (!list && !isPlainObject(value)) return value;
  if (depth >= MAX_BODY_DEPTH) throw new BodyTooDeepError();
  if (list) return value.filter((v) => !isBlank(v)).map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!isBlank(v)) out[k] = clean(v, depth + 1);
  }
  return out;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '' || v === 'Unknown';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
