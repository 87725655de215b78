import { describe, expect, it } from 'vitest';
import type { TYangoActivity, TYangoDebit } from '@flotte/contract/yango';
import {
  balanceLines,
  defaultYangoPeriod,
  formatKm,
  formatWorkTime,
  isEmptyActivity,
  lastOpenDebit,
  reconcile,
  syncedAgo,
  wirePeriod,
  yangoDebitAmount,
  yangoDebitError,
  yangoPresetPeriod,
  YANGO_DEBIT_TEXTS,
} from './yango-activity.ts';

// Wednesday 18 March 2026, mid-afternoon.
const today = new Date(2026, 2, 18, 15, 42);

describe('the activity period', () => {
  it('cuts a running week or month at today and sends whole park days', () => {
    expect(wirePeriod(yangoPresetPeriod('ThisWeek', today))).toEqual({ start_date: '2026-03-16T00:00:00', end_date: '2026-03-18T23:59:59' });
    expect(wirePeriod(defaultYangoPeriod(today))).toEqual({ start_date: '2026-03-01T00:00:00', end_date: '2026-03-18T23:59:59' });
    expect(wirePeriod(yangoPresetPeriod('Today', today))).toEqual({ start_date: '2026-03-18T00:00:00', end_date: '2026-03-18T23:59:59' });
  });
});

const balance: TYangoActivity['balance'] = {
  total: 41_500,
  cash_collected: 30_000,
  platform_card: 12_000,
  platform_corporate: 0,
  platform_tip: 500,
  platform_promotion: 1_000,
  platform_bonus: 2_000,
  platform_fees: -4_000,
};

describe('the balance breakdown', () => {
  it('lists every part with its French label, the commission as a charge', () => {
    const lines = balanceLines(balance);
    expect(lines.map((l) => l.label)).toEqual([
      'Espèces encaissées',
      'Paiements par carte',
      'Paiements entreprises',
      'Pourboires',
      'Promotions',
      'Bonus',
      'Commissions Yango',
    ]);
    expect(lines.at(-1)!.amount).toBe(-4_000);
    // A commission sent positive is still shown as what it is: money taken.
    expect(balanceLines({ ...balance, platform_fees: 4_000 }).at(-1)!.amount).toBe(-4_000);
  });

  it('says a period without orders, time or money is empty', () => {
    const zero = { total: 0, cash_collected: 0, platform_card: 0, platform_corporate: 0, platform_tip: 0, platform_promotion: 0, platform_bonus: 0, platform_fees: 0 };
    expect(isEmptyActivity({ balance: zero, orders: { count_completed: 0, price: 0, mileage: 0 }, work_time: { seconds: 0, mph: 0 } })).toBe(true);
    expect(isEmptyActivity({ balance: { ...zero, platform_bonus: 1000, total: 1000 }, orders: { count_completed: 0, price: 0, mileage: 0 }, work_time: { seconds: 0, mph: 0 } })).toBe(false);
  });
});

describe('figures', () => {
  it('writes work time in hours and minutes', () => {
    expect(formatWorkTime(0)).toBe('0 min');
    expect(formatWorkTime(59)).toBe('0 min');
    expect(formatWorkTime(45 * 60)).toBe('45 min');
    expect(formatWorkTime(3 * 3600 + 5 * 60 + 30)).toBe('3 h 05 min');
    expect(formatWorkTime(27 * 3600)).toBe('27 h 00 min');
  });

  it('writes kilometres with one decimal at most', () => {
    expect(formatKm(1234.56)).toBe('1,234.6 km');
    expect(formatKm(12)).toBe('12 km');
  });
});

describe('the reconciliation', () => {
  it('gives the gap between Yango revenue and what the park collected in one currency', () => {
    expect(reconcile({ amount: 41_500, currency: 'XOF' }, { expected: 41_500, collected: 30_000, currency: 'XOF' })).toEqual({
      yangoRevenue: 41_500,
      expected: 41_500,
      collected: 30_000,
      gap: 11_500,
    });
  });

  it('subtracts across the two CFA francs (at parity), not across other currencies', () => {
    expect(reconcile({ amount: 41_500, currency: 'XOF' }, { expected: 100, collected: 500, currency: 'XAF' }).gap).toBe(41_000);
    expect(reconcile({ amount: 41_500, currency: 'XOF' }, { expected: 100, collected: 50, currency: 'EUR' }).gap).toBeNull();
  });
});

describe("'Synchronisé il y a …'", () => {
  const now = new Date('2026-03-18T15:00:00Z');
  it('reads a park wall-clock date against the park wall clock', () => {
    expect(syncedAgo('2026-03-18T14:55:00', now, '2026-03-18T15:00:00')).toBe('Synchronisé il y a 5 min');
    expect(syncedAgo('2026-03-18T12:00:00', now, '2026-03-18T15:00:00')).toBe('Synchronisé il y a 3 h');
    expect(syncedAgo('2026-03-15T12:00:00', now, '2026-03-18T15:00:00')).toBe('Synchronisé il y a 3 j');
    expect(syncedAgo('2026-03-18T14:59:40', now, '2026-03-18T15:00:00')).toBe("Synchronisé à l'instant");
  });

  it('reads an instant as an instant', () => {
    expect(syncedAgo('2026-03-18T14:30:00Z', now, 'ignored')).toBe('Synchronisé il y a 30 min');
  });

  it('says when nothing was synchronised yet', () => {
    expect(syncedAgo(null, now, '2026-03-18T15:00:00')).toBe('Pas encore synchronisé');
  });
});

describe('the Yango debit of a recipe', () => {
  const recipe = { toEncaiss: 15_000 };
  it('takes all that remains, or the typed amount of a partial payment', () => {
    expect(yangoDebitAmount({ partial: false, amount: null }, recipe)).toBe(15_000);
    expect(yangoDebitAmount({ partial: true, amount: 5_000 }, recipe)).toBe(5_000);
  });

  it('refuses a missing amount, one above what remains, or a recipe with nothing left', () => {
    expect(yangoDebitError({ partial: false, amount: null }, recipe)).toBeNull();
    expect(yangoDebitError({ partial: true, amount: null }, recipe)).toBe(YANGO_DEBIT_TEXTS.amountRequired);
    expect(yangoDebitError({ partial: true, amount: 0 }, recipe)).toBe(YANGO_DEBIT_TEXTS.amountRequired);
    expect(yangoDebitError({ partial: true, amount: 15_001 }, recipe)).toBe(YANGO_DEBIT_TEXTS.amountAbove);
    expect(yangoDebitError({ partial: false, amount: null }, { toEncaiss: 0 })).toBe(YANGO_DEBIT_TEXTS.nothingLeft);
  });

  it("keeps the recipe's last debit only while it waits or was refused", () => {
    const debit = (status: TYangoDebit['status']): TYangoDebit => ({ id: status, recipe_id: 'r', amount: 1, status, reason: null, created_at: '', settled_at: null });
    expect(lastOpenDebit([debit('failed'), debit('paid')])?.id).toBe('failed');
    expect(lastOpenDebit([debit('pending')])?.id).toBe('pending');
    expect(lastOpenDebit([debit('paid'), debit('failed')])).toBeNull();
    expect(lastOpenDebit(undefined)).toBeNull();
  });
});
