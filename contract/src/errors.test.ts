import { describe, expect, it } from 'vitest';
import { ErrorCodes, SUCCESS_CODE } from './errors.ts';

describe('the error catalogue', () => {
  it('gives every error its own code, so the web and the logs can tell them apart', () => {
    const byCode = new Map<number, string[]>();
    for (const [name, { code }] of Object.entries(ErrorCodes)) byCode.set(code, [...(byCode.get(code) ?? []), name]);
    const shared = [...byCode].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
    expect(byCode.has(SUCCESS_CODE)).toBe(false);
  });
});
