import { expect } from 'vitest';
import { type ApiAnswer, type SignedIn } from '../../../test/test-context.ts';
import { as } from '../operations/operations-test-helpers.ts';
import type { World } from './money-flows.test-model.ts';

/** The money-flows test's calls: through the real API, a retry under one Idempotency-Key answering exactly as the first. */
let keyNo = 0;


/** A money call; with `retry`, sent twice under one Idempotency-Key: the second answers the first, exactly. */
export async function send(w: World, who: SignedIn, method: string, url: string, body: unknown, retry: boolean): Promise<ApiAnswer> {
  if (!retry) return w.ctx.api(method, url, { ...as(who), body });
  const headers = { 'idempotency-key': `money-flow-${process.pid}-${++keyNo}` };
  const first = await w.ctx.api(method, url, { ...as(who), body, headers });
  const again = await w.ctx.api(method, url, { ...as(who), body, headers });
  expect(again.raw.headers['idempotent-replayed'], `replay of ${method} ${url}`).toBe('true');
  expect([again.status, again.raw.json()]).toEqual([first.status, first.raw.json()]);
  return first;
}

export function expectAccepted(r: ApiAnswer) {
  expect([r.status, r.code], r.message).toEqual([200, 5000]);
}

export function expectRefused(r: ApiAnswer, status: number, code: number) {
  expect([r.status, r.code], r.message).toEqual([status, code]);
}
