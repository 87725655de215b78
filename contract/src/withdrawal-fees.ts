/**
 * The withdrawal fee (spec 001 sections 5 and 9: amount times the means' fee percent), computed in
 * integers so the server and the dialog always agree to the franc. Zod-free, so the web imports it
 * without the schemas.
 *
 * - Fee rates are stored in basis points (150 = 1.5 %); the API shows them as a percent (1.5).
 * - fee = amount x bp / 10000 in minor units, rounded half up (a fee of 12.5 francs is 13).
 */

/** Currencies without a minor unit in practice (one unit is one franc); others have 2 decimals. */
const ZERO_DECIMALS = new Set(['XAF', 'XOF', 'CDF', 'GNF']);

export function currencyDecimalsOf(currency: string | null | undefined): number {
  return currency && ZERO_DECIMALS.has(currency.toUpperCase()) ? 0 : 2;
}

/** The fee of an amount in minor units, for a rate in basis points: integer, half up. */
export function withdrawalFeeMinor(amountMinor: number, feesBp: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError('amount must be a non-negative integer of minor units');
  if (!Number.isInteger(feesBp) || feesBp < 0) throw new RangeError('fee rate must be a non-negative integer of basis points');
  const fee = (BigInt(amountMinor) * BigInt(feesBp) + 5000n) / 10000n;
  return Number(fee);
}

/** The API's fee percent (1.5) as basis points (150). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * The fee and the total leaving the balance, in the currency's units (what the dialog shows), for
 * an amount typed in those units. Null while the amount is not a positive number.
 */
export function withdrawalFee(amount: number, feesPercent: number, currency: string | null | undefined): { fee: number; total: number } | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const scale = 10 ** currencyDecimalsOf(currency);
  const minor = Math.round(amount * scale);
  const fee = withdrawalFeeMinor(minor, percentToBasisPoints(feesPercent));
  return { fee: fee / scale, total: (minor + fee) / scale };
}
