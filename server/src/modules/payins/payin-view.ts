import type { TPayinStatus, TTransactionValidation } from '@flotte/contract';
import { toWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';
import type { payins } from './payins.tables.ts';

export type PayinRow = typeof payins.$inferSelect;

/**
 * What the card shows of a pending pay-in whose countdown ran out: 'expired', even before the
 * minute job wrote it (the provider may still pay it; that is reconciled, never lost).
 */
export function shownStatus(row: Pick<PayinRow, 'status' | 'expiresAt'>, now = Date.now()): TPayinStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now) return 'expired';
  return row.status;
}

/** Transaction validation data (spec 001 section 3) of a pay-in, amounts in the park currency. */
export function validationView(row: PayinRow, operatorName: string, timeZone: string, now = Date.now()): TTransactionValidation {
  const isWave = row.provider === 'wave';
  return {
    transaction_id: row.id,
    ussd_code: row.ussdCode,
    operator: operatorName,
    amount: fromMinor(row.amount, row.currency),
    currency: row.currency,
    // Wave's session id is what its receipt shows; MTN's and CinetPay's ids are internal, ours is shorter to quote.
    reference: isWave && row.providerRef ? row.providerRef : row.id,
    status: shownStatus(row, now),
    wave_launch_url: isWave ? row.launchUrl : null,
    payment_link: isWave ? null : row.launchUrl,
    expires_at: toWireDate(row.expiresAt, timeZone),
    seconds_left: Math.max(0, Math.ceil((row.expiresAt.getTime() - now) / 1000)),
  };
}
