import { describe, expect, it } from 'vitest';
import { creditBody, draftFee, emptyWithdrawDraft, meansBody, stepComplete, withdrawBody, CHECK_FIELDS_WARNING } from './withdrawal-form.ts';

describe('withdrawal form', () => {
  it('shows the fee the server will take: amount x percent, integers, half up', () => {
    const d = { ...emptyWithdrawDraft(), meansId: 'm', amount: 1030 };
    expect(draftFee(d, 1.5, 'XAF')).toEqual({ fee: 15, total: 1045 });
    expect(draftFee({ ...d, amount: 100 }, 1.5, 'XAF')).toEqual({ fee: 2, total: 102 });
    expect(draftFee({ ...d, amount: 10_000 }, 1, 'XOF')).toEqual({ fee: 100, total: 10_100 });
    expect(draftFee({ ...d, amount: null }, 1.5, 'XAF')).toBeNull();
    expect(draftFee(d, undefined, 'XAF')).toBeNull();
  });

  it('needs a means, then an amount above 0, before going on (else the spec warning)', () => {
    expect(CHECK_FIELDS_WARNING).toBe('Vérifiez que tous les champs sont corrects !');
    const d = emptyWithdrawDraft();
    expect(stepComplete(0, d)).toBe(false);
    expect(stepComplete(0, { ...d, meansId: 'm' })).toBe(true);
    expect(stepComplete(1, { ...d, meansId: 'm', amount: 0 })).toBe(false);
    expect(withdrawBody({ ...d, meansId: 'm' })).toBeNull();
  });

  it('builds the withdraw body, trimming the reason and naming the caisse only when chosen', () => {
    const d = { meansId: 'm1', amount: 5000, reason: '  Loyer ', caisseId: null };
    expect(withdrawBody(d)).toEqual({ withdraw_on_park_id: 'm1', amount: 5000, reason: 'Loyer' });
    expect(withdrawBody({ ...d, reason: ' ', caisseId: 'c1' })).toEqual({ withdraw_on_park_id: 'm1', amount: 5000, caisse_id: 'c1' });
  });

  it('builds the means and credit-account bodies', () => {
    expect(meansBody({ title: ' Orange ', phone: '+237690123456', modeId: 7 }, 'p')).toEqual({ title: 'Orange', phone_number: '+237690123456', vct_withdraw_id: 7, park_id: 'p' });
    expect(meansBody({ title: '', phone: '+237690123456', modeId: 7 }, 'p')).toBeNull();
    expect(meansBody({ title: 'x', phone: '+237690123456', modeId: null }, 'p')).toBeNull();
    expect(creditBody({ caisseId: 'c', amount: 2000, comment: '' }, 'p')).toEqual({ caisse_id: 'c', amount: 2000, park_id: 'p' });
    expect(creditBody({ caisseId: null, amount: 2000, comment: '' }, 'p')).toBeNull();
  });
});
