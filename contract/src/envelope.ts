/**
 * The answer's envelope and the few failures the web client itself must name. Kept apart from the
 * error catalogue (errors.ts), which grows with every domain: the client is on the first-paint path
 * and needs none of the rest.
 */

/** `code` of every successful answer. */
export const SUCCESS_CODE = 5000;
/** A notice: the web logs it and shows nothing. */
export const NOTICE_CODE = 5011;

export const REFRESH_FAILED = { code: 4013, status: 401, message: 'Échec du rafraîchissement du token' } as const;
export const INTERNAL_ERROR = { code: 5500, status: 500, message: 'Une erreur est survenue. Réessayez plus tard.' } as const;

/** One field that failed validation, with the spec's French message. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}
