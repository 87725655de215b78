/**
 * What the withdrawal flow needs of a payment provider, whichever it is (Wave, MTN MoMo, CinetPay
 * for Orange and Moov): send a payout under our reference, and tell where a payout stands. Each
 * provider has a real HTTP client (integrations/<provider>/) and a loopback simulator of the same
 * API; configuration chooses (payments.config.ts).
 */

export type PayoutStatus = 'pending' | 'success' | 'failed';

export interface PayoutRequest {
  /**
   * Our park transaction id. It is the provider's idempotency key / client reference, so sending
   * the same payout twice (a retry, a reconciliation) can never pay twice.
   */
  reference: string;
  /** Decimal string in currency units ("5000"), as the providers' APIs take it. */
  amount: string;
  currency: string;
  /** The recipient's number, E.164 digits without '+' (237690000001). */
  msisdn: string;
  /** The country calling code the number starts with (237), for APIs that want them apart. */
  callingCode: string;
  recipientName?: string;
  reason?: string;
}

export interface PayoutResult {
  status: PayoutStatus;
  /** The provider's id of the payout, when it gave one. */
  providerRef: string | null;
  /** The provider's words about a failure, for logs. */
  detail?: string;
}

export interface PayoutLookup {
  reference: string;
  providerRef: string | null;
}

export interface PayoutProvider {
  readonly name: string;
  /**
   * Sends the payout. Resolves with what the provider answered (a refusal is `failed`); throws
   * PayoutOutcomeUnknown when we can't know whether it was taken (timeout, network, 5xx).
   */
  payout(request: PayoutRequest): Promise<PayoutResult>;
  /**
   * Where the payout stands at the provider; null when the provider has none under this reference
   * (it never got the request). Throws PayoutOutcomeUnknown when the provider can't be asked.
   */
  payoutStatus(lookup: PayoutLookup): Promise<PayoutResult | null>;
  /** Amounts must be a multiple of this (CinetPay: 5). */
  readonly amountMultipleOf?: number;
}

/** The provider may or may not have taken the request: the payout stays pending until asked again. */
export class PayoutOutcomeUnknown extends Error {
  override name = 'PayoutOutcomeUnknown';
}
