import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { COLLECTOR_OF } from '../../platform/payments/payments.ts';
import type { CollectionClientName } from '../../platform/payments/collection.types.ts';
import { mobileMoneyOperators, type PaymentProvider } from '../withdrawals/withdrawals.tables.ts';

/**
 * The mobile-money operator a driver pays through (GET /operator lists them per country), the
 * client that collects for it, and the USSD code the validation card shows: the menu where the
 * payer approves a pending payment (MTN's *126# in Cameroon ...). Wave is paid in its app, from
 * the checkout link, so it has no code.
 */

export interface PayinOperator {
  id: number;
  name: string;
  countryIso: string;
  provider: PaymentProvider;
  collector: CollectionClientName;
  ussdCode: string | null;
}

const USSD_CODES: Record<string, string> = {
  'mtn:CM': '*126#',
  'mtn:CI': '*133#',
  'orange:CM': '#150*50#',
  'orange:CI': '#144*82#',
  'orange:SN': '#144#',
  'orange:CD': '*144#',
  'moov:CI': '*155#',
  'moov:TG': '*155#',
};

export function ussdCodeOf(provider: PaymentProvider, countryIso: string): string | null {
  if (provider === 'wave') return null;
  return USSD_CODES[`${provider}:${countryIso.toUpperCase()}`] ?? null;
}

/** An operator offered in the park's country, or PAYIN_OPERATOR_UNKNOWN. */
export async function operatorForCountry(db: Db | Tx, operatorId: string | number, countryIso: string): Promise<PayinOperator> {
  const id = Number(operatorId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('PAYIN_OPERATOR_UNKNOWN');
  const [row] = await db
    .select()
    .from(mobileMoneyOperators)
    .where(and(eq(mobileMoneyOperators.id, id), eq(mobileMoneyOperators.countryIso, countryIso.toUpperCase())));
  if (!row) throw new AppError('PAYIN_OPERATOR_UNKNOWN');
  return { id: row.id, name: row.name, countryIso: row.countryIso, provider: row.provider, collector: COLLECTOR_OF[row.provider], ussdCode: ussdCodeOf(row.provider, row.countryIso) };
}

/** The operator a pay-in was started with (its name and provider), whatever the park's country now. */
export async function operatorById(db: Db | Tx, operatorId: string | null): Promise<{ name: string; provider: PaymentProvider } | null> {
  const id = Number(operatorId);
  if (!operatorId || !Number.isSafeInteger(id)) return null;
  const [row] = await db.select({ name: mobileMoneyOperators.name, provider: mobileMoneyOperators.provider }).from(mobileMoneyOperators).where(eq(mobileMoneyOperators.id, id));
  return row ?? null;
}
