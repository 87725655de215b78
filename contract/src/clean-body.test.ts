import { describe, expect, it } from 'vitest';
import { BodyTooDeepError, cleanBody, MAX_BODY_DEPTH } from './clean-body.ts';

describe('cleanBody', () => {
  it('drops null, undefined, empty and Unknown values, recursively in plain objects', () => {
    const body = { a: 1, b: null, c: undefined, d: '', e: 'Unknown', f: { g: '', h: 'x', i: { j: null, k: 0 } }, l: false };
    expect(cleanBody(body)).toEqual({ a: 1, f: { h: 'x', i: { k: 0 } }, l: false });
  });

  it('drops blank items from arrays and cleans the objects inside', () => {
    expect(cleanBody({ list: [{ a: null, b: 2 }, 'Unknown', 3] })).toEqual({ list: [{ b: 2 }, 3] });
  });

  it('leaves non-plain objects alone', () => {
    const date = new Date(0);
    expect(cleanBody({ date }).date).toBe(date);
  });

  it('cleans a value nested up to the bound and refuses a deeper one without overflowing the stack', () => {
    const nest = (depth: number) => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = [v];
      return v;
    };
    expect(() => cleanBody(nest(MAX_BODY_DEPTH))).not.toThrow();
    expect(() => cleanBody(nest(MAX_BODY_DEPTH + 1))).toThrow(BodyTooDeepError);
    expect(() => cleanBody(nest(100_000))).toThrow(BodyTooDeepError);
  });
});
