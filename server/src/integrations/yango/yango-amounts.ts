/**
 * Yango's money is text: "700.0000", "-12.5", "50" (up to 4 decimals, a sign for fees and debits).
 * We read it into integer minor units of the currency (platform/money.ts currencyDecimals: XOF, XAF
 * and CDF have none, others 2) with bigint arithmetic only, never a float.
 *
 * Rounding rule: digits beyond the currency's decimals are rounded half away from zero, as a
 * cashier would: XOF "1250.5000" -> 1251, "-1250.5" -> -1251, "1250.4999" -> 1250; EUR "1.005" ->
 * 101 cents. Yango's statements carry such fractions on fees and promotions of whole-franc
 * currencies; refusing them (as money.ts toMinor does for our own inputs) would stop a sync.
 * Anything that is not a plain decimal number (exponent, spaces inside, empty, "1,5") is refused
 * with a RangeError.
 */
import { currencyDecimals } from '../../platform/money.ts';

const AMOUNT = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;

/** Yango's amount text in minor units of `currency`, rounded half away from zero (see above). */
export function yangoAmountToMinor(text: string, currency: string): number {
  return scaledDecimal(text, currencyDecimals(currency));
}

/** A distance in km as Yango writes it ("12.345", an order's `mileage`) in whole metres, same rounding. */
export function yangoKmToMetres(text: string): number {
  return scaledDecimal(text, 3);
}

/** The decimal text times 10^decimals as an integer, rounded half away from zero; RangeError on junk. */
function scaledDecimal(text: string, decimals: number): number {
  if (typeof text !== 'string') throw new RangeError(`not a Yango amount: ${String(text)}`);
  const m = AMOUNT.exec(text.trim());
  if (!m) throw new RangeError(`not a Yango amount: "${text}"`);
  const sign = m[1] ?? m[4];
  const whole = m[2] ?? '0';
  const frac = m[3] ?? m[5] ?? '';
  const kept = frac.slice(0, decimals).padEnd(decimals, '0');
  let magnitude = BigInt(whole) * 10n ** BigInt(decimals) + (decimals > 0 ? BigInt(kept) : 0n);
  // Half away from zero: the magnitude goes up when the first dropped digit is 5 or more.
  const firstDropped = frac.charAt(decimals);
  if (firstDropped !== '' && firstDropped >= '5') magnitude += 1n;
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Yango amount too large: "${text}"`);
  const value = Number(magnitude);
  return sign === '-' && value !== 0 ? -value : value;
}

/** Minor units of `currency` as Yango's 4-decimal text: 12345 EUR cents -> "123.4500", -1500 XOF -> "-1500.0000". */
export function minorToYangoAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const decimals = currencyDecimals(currency);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).padEnd(4, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}
