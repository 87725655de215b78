// The zod-free part of the contract: this file is on the first-paint path (see api/contract-constants.ts).
import { INTERNAL_ERROR, NOTICE_CODE, type FieldError } from '@flotte/contract/envelope';

/** Message shown when no answer (or no readable answer) came back: the network is the usual culprit. */
export const NETWORK_ERROR_MESSAGE = 'Connexion impossible. Vérifiez votre connexion internet et réessayez.';

/** A failed call: the server's numeric code, the HTTP status, and a French message fit to show. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly fieldErrors: FieldError[];

  constructor(init: { code: number; status: number; message: string; fieldErrors?: FieldError[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? [];
  }

  /** Code 5011: the spec wants it logged only, never shown. */
  get isNotice() {
    return this.code === NOTICE_CODE;
  }

  /** Status 0 marks a transport failure (offline, DNS, proxy down). */
  get isNetwork() {
    return this.status === 0;
  }

  static network() {
    return new ApiError({ code: 0, status: 0, message: NETWORK_ERROR_MESSAGE });
  }

  static unreadable(status: number) {
    return new ApiError({ code: INTERNAL_ERROR.code, status, message: INTERNAL_ERROR.message });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** 4xx answers are the server's final word: retrying them only wastes a slow connection. */
export function isClientError(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
