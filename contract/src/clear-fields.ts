import { z } from 'zod';
import { formList } from './form-list.ts';
import { quotable } from './constants.ts';

/**
 * Emptying a field on edit. Request bodies are cleaned of null, '' and 'Unknown' (spec 000 section
 * 5), so a blank field reads as "not sent" and an edit leaves it as it was. An edit that empties
 * optional fields names them in `clear` instead: a list (JSON) or a JSON string / comma list
 * (form data), both of which survive the cleaning. Only the fields an edit lists as clearable may
 * be named, and never one sent with a value in the same body.
 */
export const CLEAR_KEY = 'clear';

export const clearMessages = {
  notClearable: (field: string) => (quotable(field) ? `Le champ « ${field} » ne peut pas être vidé` : 'Ce champ ne peut pas être vidé'),
  sentAndCleared: (field: string) => `Le champ « ${field} » ne peut pas être à la fois rempli et vidé`,
} as const;

/** The `clear` list of an edit whose clearable fields are `fields`. */
export function zClear<const F extends readonly string[]>(fields: F) {
  const allowed = new Set<string>(fields);
  return z
    .preprocess(
      formList,
      z.array(z.string(), { error: 'La liste des champs à vider est invalide' }).superRefine((list, ctx) => {
        list.forEach((name, i) => {
          if (!allowed.has(name)) ctx.addIssue({ code: 'custom', path: [i], message: clearMessages.notClearable(name) });
        });
      }),
    )
    .transform((list) => [...new Set(list)] as F[number][])
    .optional();
}

/**
 * For an edit schema's superRefine: a field named in `clear` must not also carry a value, since
 * the body would then say two things at once.
 */
export function refuseSentAndCleared<T extends { clear?: readonly string[] }>(body: T, ctx: z.RefinementCtx): void {
  for (const name of body.clear ?? []) {
    if ((body as Record<string, unknown>)[name] !== undefined) ctx.addIssue({ code: 'custom', path: [name], message: clearMessages.sentAndCleared(name) });
  }
}

/** The fields among `fields` a form leaves blank: what its edit names in `clear`. */
export function blankFields<const F extends string>(values: Partial<Record<F, unknown>>, fields: readonly F[]): F[] {
  return fields.filter((f) => {
    const v = values[f];
    return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  });
}
