import fc from 'fast-check';

/**
 * Values for the route fuzz: well-formed ones drawn from a route's JSON schema (so a request gets
 * past validation and reaches the module's code), and the malformed and boundary values that
 * replace one of them.
 */

/** The subset of JSON Schema (OpenAPI 3.0 flavour, as fastify-type-provider-zod writes it) we read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
}

/**
 * A marker no answer may repeat: a message that echoes what the caller sent can carry a script or
 * a page of text into a toast. Long enough that no French message contains it by chance.
 */
export const MARKER = 'FUZZECHO7q' + 'Zx9'.repeat(12);

/** Ids and values of the fuzzed park, so well-formed requests name records that exist. */
export interface Known {
  parkId: string;
  uuids: string[];
  ints: number[];
  password: string;
}

const UUID_RE = /uuid|\[0-9a-f-\]\{36\}|\[0-9a-f\]\{8\}/i;
const DATE_RE = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;

function today(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}

const validDate = fc.integer({ min: -120, max: 60 }).map((n) => today(n));
const validDateTime = fc
  .tuple(validDate, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([d, h, m]) => `${d}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`);

function idLike(name: string): boolean {
  return /(^|_)id$|Id$|^id$|_ids?$|ID$/.test(name);
}

function knownUuid(known: Known, name: string): fc.Arbitrary<string> {
  if (/park/i.test(name)) return fc.constant(known.parkId);
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known.uuids) }, { weight: 1, arbitrary: fc.uuid({ version: 7 }) });
}

function stringArb(s: JsonSchema, name: string, known: Known): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, 40);
  if (s.format === 'uuid' || (s.pattern && UUID_RE.test(s.pattern))) return knownUuid(known, name);
  if (s.pattern && DATE_RE.test(s.pattern)) return s.pattern.includes('T') ? fc.oneof(validDate, validDateTime) : validDate;
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
    } catch {
      /* a pattern fast-check can't read: fall through to plain text */
    }
  }
  if (idLike(name)) {
    return fc.oneof(knownUuid(known, name), fc.constantFrom(...known.ints).map(String));
  }
  if (/date|_at$|^start|^end/.test(name)) return fc.oneof(validDate, validDateTime);
  if (/email/.test(name)) return fc.constantFrom('awa.fuzz@test.flotte', 'x@y.fr');
  if (/phone|tel/.test(name)) return fc.constantFrom('+237690001234', '690001234', '+33612345678');
  if (/password/.test(name)) return fc.constantFrom(known.password, 'Secret#2026', 'wrong');
  if (/amount|montant|price|litre/.test(name)) return fc.integer({ min: 0, max: 100_000 }).map(String);
  const text = fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme' });
  // As long as the schema allows: a column narrower than its schema fails there.
  if (s.maxLength && s.maxLength > max) return fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom('x'.repeat(s.maxLength), 'é'.repeat(s.maxLength)) });
  return text;
}

function numberArb(s: JsonSchema, integer: boolean, name: string, known: Known): fc.Arbitrary<number> {
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.exclusiveMinimum ? s.minimum : undefined;
  let min = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : 0);
  if (exMin !== undefined) min = exMin + (integer ? 1 : 0.01);
  // Small, realistic values mostly: a page size, an amount, an id of the reference data.
  const max = Math.min(s.maximum ?? 100_000, Math.max(min, 0) + 100_000);
  // The schema's own bounds, which a column may not hold (an int4 id under a 2^53 maximum).
  const declared = [s.minimum, s.maximum, exMin === undefined ? undefined : min].filter((n): n is number => Number.isFinite(n));
  const boundary = (arb: fc.Arbitrary<number>) =>
    declared.length ? fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constantFrom(...declared) }) : arb;
  if (integer) {
    const lo = Math.ceil(Math.max(min, -1e9));
    const hi = Math.max(lo, Math.floor(max));
    const base = fc.integer({ min: lo, max: hi });
    if (idLike(name) && known.ints.length) return boundary(fc.oneof(fc.constantFrom(...known.ints), base));
    return boundary(fc.oneof(base, fc.constantFrom(lo, hi)));
  }
  return boundary(fc.double({ min: Math.max(min, -1e9), max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100));
}

/** A value the schema accepts (or nearly: patterns and formats it can't express are approximated). */
export function validArb(s: JsonSchema | undefined, known: Known, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constantFrom('x', 1, true);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArb(a, known, name, depth + 1)));
  if (s.allOf?.length) return validArb(s.allOf[0], known, name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringArb(s, name, known);
    case 'integer':
      return numberArb(s, true, name, known);
    case 'number':
      return numberArb(s, false, name, known);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, 3));
      return fc.array(validArb(s.items, known, name, depth + 1), { minLength, maxLength });
    }
    case 'object':
    default: {
      if (!s.properties) return type === 'object' ? fc.constant({}) : fc.constantFrom('x', 1, true);
      const required = s.required ?? [];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(s.properties)) model[key] = validArb(prop, known, key, depth + 1);
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    }
  }
}

/** n levels of arrays: body cleaning and validation walk bodies recursively. */
export function deepArray(n: number): string {
  return '['.repeat(n) + ']'.repeat(n);
}
export function deepObject(n: number): string {
  return '{"a":'.repeat(n) + '1' + '}'.repeat(n);
}

const HUGE = MARKER + 'x'.repeat(10_000);

/** Strings that broke servers before: NUL, lone surrogates, impossible dates, numbers as text ... */
export const NASTY_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  `a\u0000${MARKER}`,
  MARKER,
  HUGE,
  'é'.repeat(300),
  '🚗'.repeat(120),
  '\uD800',
  '\u202E' + MARKER,
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '9007199254740993',
  '-9223372036854775809',
  '99999999999999999999999',
  '2147483648',
  '2026-02-30',
  '2026-02-30T12:00:00',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '10000-01-01',
  '0001-01-01T00:00:00',
  '2026-02-28T24:00:00',
  '2026-01-01T23:59:60',
  "'; drop table users; --",
  '%',
  '_%\\',
  '../../etc/passwd',
  'Unknown',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-7000-8000-000000000000',
  '0000000G-0000-7000-8000-000000000000',
  'not-a-uuid',
  '١٢٣٤٥',
  `<script>${MARKER}</script>`,
  '\r\n\t',
  '   padded   ',
];

export const NASTY_NUMBERS: number[] = [
  -1, 0, -0, 1.5, 0.001, -1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 2 ** 63, 1e21, 1e308, -1e308, 5e-324,
];

/** Any JSON value of the wrong kind, for any field. Raw JSON text, so it can hold what JSON.stringify can't. */
export const NASTY_JSON: string[] = [
  ...NASTY_STRINGS.map((s) => JSON.stringify(s)),
  ...NASTY_NUMBERS.map((n) => JSON.stringify(n)),
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '[1,2,3]',
  `["${MARKER}"]`,
  '{"a":1}',
  '[[[[[]]]]]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  deepArray(60),
];

/** Replaces the value at `path` of a JSON value's text form: serialised with a placeholder. */
export function withRawAt(value: unknown, path: (string | number)[], raw: string | undefined): string {
  const PLACEHOLDER = '"__FUZZ_RAW_VALUE__"';
  const copy = structuredClone(value) as Record<string | number, unknown>;
  if (path.length === 0) return raw ?? '';
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (raw === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
    return JSON.stringify(copy);
  }
  parent[last] = '__FUZZ_RAW_VALUE__';
  return JSON.stringify(copy).replace(PLACEHOLDER, () => raw);
}

/** Every path into a JSON value's containers and leaves (the root excluded). */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    out.push([...prefix, k]);
    out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}
