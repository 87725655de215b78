import { ErrorCodes, type ErrorName, type FieldError } from '@flotte/contract';

/**
 * The one error type services throw. It names an entry of the contract's catalogue, so the HTTP
 * status, the numeric code and a default French message always travel together.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly errorName: ErrorName;
  readonly fieldErrors?: FieldError[];
  readonly data?: unknown;

  constructor(name: ErrorName, opts: { message?: string; fieldErrors?: FieldError[]; data?: unknown } = {}) {
    const entry = ErrorCodes[name];
    super(opts.message ?? entry.message);
    this.errorName = name;
    this.code = entry.code;
    this.status = entry.status;
    this.fieldErrors = opts.fieldErrors;
    this.data = opts.data;
  }
}

/** A validation failure on named fields, with the spec's messages. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, fieldErrors: [{ field, message }] });
}
