import { ApiError } from '../../api/api-error.ts';

/**
 * SUBSCRIPTION_VEHICLE_LIMIT and SUBSCRIPTION_EXPIRED (contract errors.ts; the test checks the
 * numbers): a vehicle the subscription does not cover. Literal here so the vehicle form does not
 * load the whole error catalogue for two numbers.
 */
export const SUBSCRIPTION_LIMIT_CODES = { vehicleLimit: 4863, expired: 4864 } as const;

/** The server's words when it refused for the subscription's sake, else null. */
export function subscriptionRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.code === SUBSCRIPTION_LIMIT_CODES.vehicleLimit || error.code === SUBSCRIPTION_LIMIT_CODES.expired ? error.message : null;
}
