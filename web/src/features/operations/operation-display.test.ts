import { describe, expect, it } from 'vitest';
import { collectLabel, isStruck, operationActions, opensDetail, vehicleName, wireDateTime } from './operation-display.ts';

describe('how an operation reads', () => {
  it('formats the park-time wire date, the vehicle and the payment method', () => {
    expect(wireDateTime('2026-02-02T19:30:00')).toBe('02/02/2026 19:30');
    expect(wireDateTime(null)).toBe('');
    expect(vehicleName({ id: 'v', registration_number: 'LT-777-ZZ', label: null, brand: 'Toyota', model: 'Corolla' })).toBe('LT-777-ZZ · Toyota Corolla');
    expect(collectLabel('mobile_money')).toBe('Mobile money');
    expect(collectLabel('sold')).toBe('Solde chauffeur');
  });

  it('strikes cancelled rows, opens only non-negative ones, and offers confirm to the owner only', () => {
    expect(isStruck({ canceled_at: '2026-02-02T10:00:00' })).toBe(true);
    expect(opensDetail({ amount: -5 })).toBe(false);
    expect(operationActions({ status: 'pending', reverses_id: null }, { isOwner: true, canCancel: true })).toEqual({ confirm: true, cancel: true });
    expect(operationActions({ status: 'pending', reverses_id: null }, { isOwner: false, canCancel: true })).toEqual({ confirm: false, cancel: true });
    expect(operationActions({ status: 'canceled', reverses_id: null }, { isOwner: true, canCancel: true })).toEqual({ confirm: false, cancel: false });
    expect(operationActions({ status: 'confirmed', reverses_id: 'x' }, { isOwner: true, canCancel: true }).cancel).toBe(false);
  });
});
