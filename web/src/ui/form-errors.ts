import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/api-error.ts';
import { toastApiError } from './toast.ts';

/**
 * Puts the field errors of a 400 answer under the matching form fields. `fieldMap` translates the
 * server's paths (`credentials.email`) to form field names (`identifier`); unmapped paths are
 * tried as-is. Anything that cannot sit under a field is shown as an error toast.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Record<string, Path<T>>,
  knownFields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) {
    toastApiError(error);
    return;
  }
  let placed = 0;
  for (const { field, message } of error.fieldErrors) {
    const target = fieldMap[field] ?? (knownFields.includes(field as Path<T>) ? (field as Path<T>) : undefined);
    if (!target) continue;
    setError(target, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  if (placed < error.fieldErrors.length) toastApiError(error);
}
