import fc from 'fast-check';
import { TINY_PNG } from '../multipart.ts';
import { deepArray, deepObject, MARKER, NASTY_JSON, NASTY_NUMBERS, NASTY_STRINGS, pathsOf, validArb, withRawAt, type JsonSchema, type Known } from './values.ts';

/** One route of the OpenAPI document, as the fuzz needs it. */
export interface RouteSpec {
  method: string;
  /** The OpenAPI path, `/api/driver/{id}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  /** The JSON body's schema; for a route reading its body by hand (form data or JSON), the schema it parses with. */
  body?: JsonSchema;
  /** Whether the route takes a body at all (POST, PUT, PATCH, DELETE with one). */
  takesBody: boolean;
}

/** A request ready for app.inject, and what kind of malformation it carries (for the report). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
}

type Part = { url: string; headers: Record<string, string>; payload?: string | Buffer; kind: string };

const JSON_TYPE = { 'content-type': 'application/json' };

function pathWith(spec: RouteSpec, values: Record<string, string>): string {
  return spec.path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? 'x');
}

/** Percent-encodes, a lone surrogate included (as the bytes a careless client would send). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}

function queryString(values: [string, string][]): string {
  if (!values.length) return '';
  return '?' + values.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Path segments a router, a UUID check or a SQL cast may trip on. */
const NASTY_SEGMENTS: string[] = [
  ...NASTY_STRINGS.filter((s) => s !== '').map(encode),
  'a'.repeat(5_000),
  encodeURIComponent(MARKER.repeat(3)),
  '%00',
  '%E0%A4%A',
  '%ZZ',
  '%2F..%2F',
  '..',
  '-1',
  '1.5',
  '0',
  '9007199254740993',
  '2147483648',
  '1e5',
];

/** Dates with the right shape and no place on the calendar (or the clock). */
const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2025-02-29',
  '2026-04-31T08:00:00',
  '2026-13-01',
  '2026-00-10',
  '2026-01-00T08:00:00',
  '2026-01-01T25:00:00',
  '2026-01-01T23:60:00',
  '0000-00-00',
  '9999-99-99T99:99:99',
];
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}/;

const NASTY_QUERY_VALUES: string[] = [...NASTY_STRINGS, ...NASTY_NUMBERS.map(String), '[]', '{}', 'true', 'false', 'on', '1,2,3'];

const MALFORMED_JSON: string[] = [
  '{',
  '{"a":',
  '[1,]',
  '{"a":1}garbage',
  "{'a':1}",
  '{"a":1,"a":2}',
  '\u0000',
  '{"a":"\u0000"}',
  '"unterminated',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  'nul',
  '1'.repeat(400),
  '{"a":' + '9'.repeat(400) + '}',
];

function multipartBody(fields: [string, string][], files: { field: string; filename: string; content: Buffer }[], boundary = 'fuzzboundary') {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: image/png\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function formFields(body: unknown): [string, string][] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [['value', asText(body)]];
  return Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, asText(v)]);
}

/** Requests for one route: mostly malformed or at a boundary, some well formed. */
export function requestArb(spec: RouteSpec, known: Known): fc.Arbitrary<FuzzRequest> {
  const paramsArb = fc.record(Object.fromEntries(spec.pathParams.map((p) => [p.name, validArb(p.schema, known, p.name).map(asText)])));
  const queryArb = fc.record(Object.fromEntries(spec.query.map((q) => [q.name, validArb(q.schema, known, q.name)])), {
    requiredKeys: spec.query.filter((q) => q.required).map((q) => q.name),
  });
  const bodyArb = spec.body ? validArb(spec.body, known) : fc.constant({});

  const base = fc.record({ params: paramsArb, query: queryArb, body: bodyArb });
  const toQuery = (q: Record<string, unknown>): [string, string][] =>
    Object.entries(q).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, asText(x)] as [string, string]) : [[k, asText(v)] as [string, string]]));
  const wellFormed = (b: { params: Record<string, string>; query: Record<string, unknown>; body: unknown }): Part => ({
    url: pathWith(spec, b.params) + queryString(toQuery(b.query)),
    headers: spec.takesBody ? { ...JSON_TYPE } : {},
    payload: spec.takesBody ? JSON.stringify(b.body) : undefined,
    kind: 'well-formed',
  });

  const kinds: fc.WeightedArbitrary<Part>[] = [{ weight: 3, arbitrary: base.map(wellFormed) }];

  if (spec.pathParams.length) {
    kinds.push({
      weight: 3,
      arbitrary: fc.tuple(base, fc.constantFrom(...spec.pathParams.map((p) => p.name)), fc.constantFrom(...NASTY_SEGMENTS)).map(([b, name, bad]) => {
        const part = wellFormed(b);
        return { ...part, url: pathWith(spec, { ...b.params, [name]: bad }) + queryString(toQuery(b.query)), kind: `path param ${name}` };
      }),
    });
  }

  if (spec.query.length) {
    kinds.push({
      weight: spec.takesBody ? 2 : 6,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...spec.query.map((q) => q.name)), fc.constantFrom(...NASTY_QUERY_VALUES), fc.constantFrom('replace', 'repeat', 'drop', 'raw'))
        .map(([b, name, bad, how]) => {
          const part = wellFormed(b);
          const entries = toQuery(b.query).filter(([k]) => k !== name);
          let qs: string;
          if (how === 'replace') qs = queryString([...entries, [name, bad]]);
          else if (how === 'repeat') qs = queryString([...entries, [name, bad], [name, bad]]);
          else if (how === 'drop') qs = queryString(entries);
          else qs = (queryString(entries) || '?') + `&${name}=%E0%A4%A&${name}`;
          return { ...part, url: pathWith(spec, b.params) + qs, kind: `query ${name} (${how})` };
        }),
    });
  }

  const dateParams = spec.query.filter((q) => /date|day/.test(q.name) || (q.schema.pattern ?? '').includes('\\d{4}-'));
  if (dateParams.length) {
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...dateParams.map((q) => q.name)), fc.constantFrom(...IMPOSSIBLE_DATES)).map(([b, name, bad]) => {
        const entries = toQuery(b.query).filter(([k]) => k !== name);
        return { ...wellFormed(b), url: pathWith(spec, b.params) + queryString([...entries, [name, bad]]), kind: `query ${name} impossible date` };
      }),
    });
  }

  if (spec.takesBody) {
    // A date field (any value shaped like a day) on no calendar.
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.nat(), fc.constantFrom(...IMPOSSIBLE_DATES)).map(([b, i, bad]) => {
        const part = wellFormed(b);
        const dated = pathsOf(b.body).filter((p) => {
          let v: unknown = b.body;
          for (const k of p) v = (v as Record<string | number, unknown>)[k];
          return typeof v === 'string' && DAY_SHAPE.test(v);
        });
        if (!dated.length) return { ...part, kind: 'well-formed' };
        const target = dated[i % dated.length];
        return { ...part, payload: withRawAt(b.body, target, JSON.stringify(bad)), kind: `body ${target.join('.')} impossible date` };
      }),
    });
    // One field (or element) replaced by a value of the wrong kind, or removed.
    kinds.push({
      weight: 8,
      arbitrary: fc.tuple(base, fc.nat(), fc.oneof(fc.constantFrom(...NASTY_JSON), fc.constant(undefined))).map(([b, i, raw]) => {
        const part = wellFormed(b);
        const paths = pathsOf(b.body);
        const target = paths.length ? paths[i % paths.length] : [];
        const payload = target.length ? withRawAt(b.body, target, raw) : (raw ?? '');
        return { ...part, payload, kind: `body ${target.join('.') || '(whole)'} ${raw === undefined ? 'removed' : 'replaced'}` };
      }),
    });
    // A field the schema doesn't know, or that names another park.
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom(MARKER, 'park_id', 'id', 'owner', 'role', '__proto__', 'constructor'), fc.constantFrom(...NASTY_JSON)).map(([b, key, raw]) => {
        const part = wellFormed(b);
        const obj = b.body && typeof b.body === 'object' && !Array.isArray(b.body) ? b.body : {};
        const text = JSON.stringify(obj);
        const extra = `${JSON.stringify(key)}:${raw}`;
        const payload = text === '{}' ? `{${extra}}` : text.slice(0, -1) + ',' + extra + '}';
        return { ...part, payload, kind: `body extra field ${key.slice(0, 20)}` };
      }),
    });
    // The whole body of the wrong kind, nested too deep, or not JSON at all.
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...NASTY_JSON, ...MALFORMED_JSON)).map(([b, raw]) => ({ ...wellFormed(b), payload: raw, kind: 'body replaced' })),
    });
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom('array', 'object', 'field')).map(([b, how]) => {
        const part = wellFormed(b);
        const deep = how === 'object' ? deepObject(5_000) : deepArray(5_000);
        const paths = pathsOf(b.body);
        const payload = how === 'field' && paths.length ? withRawAt(b.body, paths[0], deepArray(5_000)) : deep;
        return { ...part, payload, kind: `body nested 5000 deep (${how})` };
      }),
    });
    // The wrong content type, a missing body, form data with and without its boundary.
    kinds.push({
      weight: 3,
      arbitrary: fc
        .tuple(
          base,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=utf-16',
            'application/octet-stream',
            'none',
            'empty json',
            'multipart',
            'multipart with file',
            'multipart no boundary',
            'multipart truncated',
            'multipart wrong boundary',
            'multipart huge field',
            'multipart too many files',
            'multipart not a png',
          ),
        )
        .map(([b, how]): Part => {
          const part = wellFormed(b);
          const json = JSON.stringify(b.body);
          const fields = formFields(b.body);
          const mp = (payload: Buffer, boundary = 'fuzzboundary') => ({ ...part, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
          const png = (field: string) => ({ field, filename: 'a.png', content: TINY_PNG });
          let out: Part;
          switch (how) {
            case 'none':
              out = { ...part, headers: {}, payload: undefined };
              break;
            case 'empty json':
              out = { ...part, payload: '' };
              break;
            case 'application/x-www-form-urlencoded':
              out = { ...part, headers: { 'content-type': how }, payload: new URLSearchParams(fields).toString() };
              break;
            case 'multipart':
              out = mp(multipartBody(fields, []));
              break;
            case 'multipart with file':
              out = mp(multipartBody(fields, [png('image'), png('logo'), png('file')].slice(0, 1 + (fields.length % 3))));
              break;
            case 'multipart no boundary':
              out = { ...part, headers: { 'content-type': 'multipart/form-data' }, payload: multipartBody(fields, [png('image')]) };
              break;
            case 'multipart truncated': {
              const full = multipartBody(fields, [png('image')]);
              out = mp(full.subarray(0, Math.max(10, Math.floor(full.length / 2))));
              break;
            }
            case 'multipart wrong boundary':
              out = mp(multipartBody(fields, []), 'other');
              break;
            case 'multipart huge field':
              out = mp(multipartBody([...fields, ['comment', MARKER + 'y'.repeat(70_000)]], []));
              break;
            case 'multipart too many files':
              out = mp(multipartBody(fields, ['image', 'images', 'logo', 'file', 'files'].map(png)));
              break;
            case 'multipart not a png':
              out = mp(multipartBody(fields, [{ field: 'image', filename: 'a.png', content: Buffer.from(`%PDF-${MARKER}`) }]));
              break;
            default:
              out = { ...part, headers: { 'content-type': how }, payload: how === 'application/xml' ? `<a>${MARKER}</a>` : json };
          }
          return { ...out, kind: `transport: ${how}` };
        }),
    });
  }

  // The acting profile header, malformed or naming nobody.
  kinds.push({
    weight: 1,
    arbitrary: fc.tuple(base, fc.constantFrom('not-a-uuid', '00000000-0000-7000-8000-000000000000', 'a'.repeat(3000), '', MARKER)).map(([b, profile]) => ({
      ...wellFormed(b),
      headers: { ...wellFormed(b).headers, profile_id: profile },
      kind: 'profile_id header',
    })),
  });

  return fc.oneof(...kinds).map((p) => ({ method: spec.method, ...p }));
}
