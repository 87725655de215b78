/**
 * The Fleet API simulator's wire helpers: answers with Yango's error body {code, message}, the
 * opaque cursor (a base64 offset), and the checks of a query's range and limit.
 */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const error = (status: number, code: string, message: string, headers?: Record<string, string>): Answer => ({ status, body: { code, message }, headers });
export const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64');

export function decodeCursor(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return 0;
  if (typeof v !== 'string') return null;
  try {
    const o = (JSON.parse(Buffer.from(v, 'base64').toString('utf8')) as { o?: unknown }).o;
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 ? o : null;
  } catch {
    return null;
  }
}

/** {from, to} of a range filter in ms, or a message saying what is wrong. */
export function range(v: unknown, name: string): { from: number; to: number } | string {
  if (!isObject(v)) return `${name}: from and to are required`;
  const from = typeof v.from === 'string' ? Date.parse(v.from) : NaN;
  const to = typeof v.to === 'string' ? Date.parse(v.to) : NaN;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return `${name}: from and to must be ISO 8601 dates`;
  if (from > to) return `${name}: from is after to`;
  return { from, to };
}

export function limitOf(v: unknown, fallback: number, max: number): number | null {
  if (v === undefined) return fallback;
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max ? v : null;
}
