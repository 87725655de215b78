import { ZNewPark, type TNewPark } from '@flotte/contract/signup';
import type { ParkFieldErrors, ParkFieldValues } from './ParkFields.tsx';

/** A new park's fields checked with the contract's schema: the body to send, or the errors by field. */
export function checkNewPark(values: ParkFieldValues): { body: TNewPark; errors: null } | { body: null; errors: ParkFieldErrors } {
  const parsed = ZNewPark.safeParse({ name: values.name, city: values.city, country_code: values.country_code ?? undefined });
  if (parsed.success) return { body: parsed.data, errors: null };
  return { body: null, errors: parkFieldErrors(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))) };
}

/** Field errors (the contract's issues or a 400's `errors`) under the park fields; the first per field wins. */
export function parkFieldErrors(fieldErrors: readonly { field: string; message: string }[]): ParkFieldErrors {
  const errors: ParkFieldErrors = {};
  for (const { field, message } of fieldErrors) {
    const key = field.replace(/^park\./, '');
    if ((key === 'name' || key === 'city' || key === 'country_code') && !errors[key]) errors[key] = message;
  }
  return errors;
}
