/**
 * What the pay-ins flow needs of a payment provider to collect money from a driver (Wave Checkout,
 * MTN MoMo Collection, CinetPay's payment API for Orange and Moov): ask the payer to pay under our
 * reference, tell where that payment stands, and read the provider's callback after checking it is
 * the provider's (as its API documents). The payout side is PayoutProvider (payments.types.ts);
 * both throw PayoutOutcomeUnknown when the provider can't be reached.
 */

export type CollectionStatus = 'pending' | 'success' | 'failed';

export type CollectionClientName = 'wave' | 'mtn' | 'cinetpay';

export interface CollectionRequest {
  /**
   * Our pay-in id: the provider's idempotency key / client reference / transaction id, so asking
   * twice (a retry) is one payment at the provider, and a status check finds it by our id alone.
   */
  reference: string;
  /** Decimal string in currency units ("5000"). */
  amount: string;
  currency: string;
  /** The payer's number, E.164 digits without '+'. */
  msisdn: string;
  /** The country calling code the number starts with. */
  callingCode: string;
  /** Which wallet CinetPay should offer (its `channels`); Wave and MTN ignore it. */
  operator: 'wave' | 'mtn' | 'orange' | 'moov';
  description: string;
  /** Where the provider posts its notification for this payment (MTN X-Callback-Url, CinetPay notify_url). */
  callbackUrl: string;
  /** Where the payer's browser goes after paying (Wave success_url/error_url, CinetPay return_url). */
  returnUrl: string;
}

export interface CollectionStarted {
  /** pending: the payer was asked; failed: the provider refused the request (nothing to pay). */
  status: 'pending' | 'failed';
  /** The provider's id of the payment (Wave cos-..., MTN reference id, CinetPay payment token). */
  providerRef: string | null;
  /** The page the payer opens to pay: Wave's wave_launch_url, CinetPay's payment_url. */
  launchUrl: string | null;
  detail?: string;
}

export interface CollectionResult {
  status: CollectionStatus;
  providerRef: string | null;
  detail?: string;
}

export interface CollectionLookup {
  reference: string;
  providerRef: string | null;
}

/** A provider callback as it reached us: raw, so a signature over the exact bytes can be checked. */
export interface CallbackInput {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  query: Record<string, string | undefined>;
}

export interface ParsedCallback {
  /** Unique per notification at this provider: a redelivery carries the same id. */
  eventId: string;
  /** Our pay-in id, when the notification names it. */
  reference: string | null;
  providerRef: string | null;
  /**
   * What the notification says, when the provider's signature vouches for it (Wave); null when the
   * status must be read from the provider's API (MTN sends no signature, CinetPay's notification
   * carries no status: both are documented as "ask us").
   */
  status: CollectionStatus | null;
  detail?: string;
}

export interface CollectionProvider {
  readonly name: CollectionClientName;
  /** Amounts must be a multiple of this (CinetPay: 5). */
  readonly amountMultipleOf?: number;
  /** Asks the payer to pay. A refusal resolves `failed`; no answer throws PayoutOutcomeUnknown. */
  requestPayment(request: CollectionRequest): Promise<CollectionStarted>;
  /** Where the payment stands; null when the provider has none under this reference. */
  paymentStatus(lookup: CollectionLookup): Promise<CollectionResult | null>;
  /**
   * True when the callback carries the provider's valid signature as its API documents it (Wave:
   * Wave-Signature; CinetPay: x-token). MTN documents none: its callbacks are authenticated by the
   * caller (a token in the callback URL) and only trigger a status read.
   */
  verifyCallback(input: CallbackInput): boolean;
  /** The callback's facts, or null when it is not about a payment. */
  parseCallback(input: CallbackInput): ParsedCallback | null;
  /** Best effort: stops the payment being possible (Wave expires the checkout session). */
  cancelPayment?(lookup: CollectionLookup): Promise<void>;
}

export function headerOf(input: CallbackInput, name: string): string | undefined {
  const v = input.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
