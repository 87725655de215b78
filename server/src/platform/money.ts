/**
 * Money is stored as integer minor units and never computed in floating point. The API shows
 * amounts as numbers with at most 2 decimals; CFA francs (XAF, XOF) and the Congolese franc have
 * no minor unit in practice, so for them one unit is one franc.
 */
const DECIMALS: Record<string, number> = { XAF: 0, XOF: 0, CDF: 0, GNF: 0 };

export function currencyDecimals(currency: string): number {
  return DECIMALS[currency.toUpperCase()] ?? 2;
}

/**
 * An amount from the API (a number or numeric string) in minor units. Refuses more decimals than
 * the currency has, rather than rounding someone's money silently.
 */
export function toMinor(amount: number | string, currency: string): number {
  const decimals = currencyDecimals(currency);
  const text = typeof amount === 'number' ? amount.toFixed(Math.min(decimals + 2, 10)) : amount.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`not an amount: ${amount}`);
  const [, sign, whole, frac = ''] = m;
  const extra = frac.slice(decimals);
  if (/[1-9]/.test(extra)) throw new RangeError(`${currency} amounts have at most ${decimals} decimals`);
  const minor = BigInt(whole) * 10n ** BigInt(decimals) + BigInt((frac.slice(0, decimals) || '0').padEnd(decimals, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(sign ? -minor : minor);
}

/** Minor units back to the number the API shows. */
export function fromMinor(minor: number, currency: string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError('minor units must be a safe integer');
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? minor : minor / 10 ** decimals;
}
