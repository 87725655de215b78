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

/**
 * Validates what a handler read itself (form data, a section of a body) with a contract schema,
 * answering like the route validator does: 400 with the first French message and every field's.
 * `prefix` names the field's place in the body ('config.' ...).
 */
export function parseInput<S extends import('zod').ZodType>(schema: S, input: unknown, prefix = ''): import('zod').output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: prefix + i.path.join('.'), message: i.message }));
    throw new AppError('VALIDATION_FAILED', { message: errors[0].message, fieldErrors: errors });
  }
  return parsed.data;
}
