import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/api-error.ts';
import { showFormError } from '../../ui/form-errors.ts';

/**
 * Like showFormError, and a refusal about one field (a taken name, an address of another
 * account: `codeFields` maps its error code to the field) goes under that field too.
 */
export function showFieldAwareError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  codeFields: Record<number, Path<T>>,
  knownFields: readonly Path<T>[],
): void {
  const field = error instanceof ApiError ? codeFields[error.code] : undefined;
  if (error instanceof ApiError && field) {
    setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    return;
  }
  showFormError(error, setError, {}, knownFields);
}
