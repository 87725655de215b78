import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { isCalendarDay } from './wire-date.ts';
import { INT4_MAX } from './constants.ts';
import { CONFIG_MESSAGES as CM, timeToMinutes } from './vehicle-config-rules.ts';

/**
 * How vehicle form values travel: multipart sends numbers and booleans as strings and lists as
 * JSON strings, JSON sends them as themselves; blanks ('', null, 'Unknown') mean "not given".
 * Shared by the vehicle, planning and recipe schemas.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const blank = (v: unknown) => v === '' || v === null || v === undefined || v === 'Unknown';
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
export const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/** Multipart sends 'true'/'false' (or 1/0); JSON sends booleans. */
export const zFormBoolean = z.preprocess((v) => {
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1' || s === 'on') return true;
    if (s === 'false' || s === '0' || s === 'off') return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean({ error: 'Valeur attendue : true ou false' }));

/** A reference-data id (type, brand, model, colour ...): required, with the form's message. */
export const zRefId = (message: string) =>
  z.preprocess((v) => (blank(v) ? undefined : numeric(v)), z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message));

export const zInt = (min: number, max: number, message: string) =>
  z.preprocess(numeric, z.number({ error: message }).int(message).min(min, message).max(max, message));

export const zUuid = (message: string) => z.string({ error: message }).regex(UUID, message).transform((s) => s.toLowerCase());

export { isCalendarDay };
/** `yyyy-MM-dd`; a full `yyyy-MM-ddTHH:mm:ss` is cut to its day. */
export const zDay = (message: string = CM.date) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
    z.string({ error: message }).refine(isCalendarDay, message),
  );
/** `HH:mm`; `HH:mm:ss` is cut to the minute. */
export const zTime = (fallback: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' && /^\d{2}:\d{2}:\d{2}$/.test(v) ? v.slice(0, 5) : v),
    z
      .string({ error: CM.time })
      .refine((s) => !Number.isNaN(timeToMinutes(s)), CM.time)
      .default(fallback),
  );

/** A list or object sent as a JSON string (multipart) or as itself (JSON). */
export const fromJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (!s.startsWith('[') && !s.startsWith('{')) return v;
  try {
    return JSON.parse(s);
  } catch {
    return v;
  }
};

/** Money as a number (or numeric string) with at most 2 decimals; the park currency may allow fewer. */
export const zAmount = (message: string) =>
  z.preprocess(numeric, z.number({ error: message }).finite(message).min(0, message).refine((n) => Math.round(n * 100) === n * 100, message));

