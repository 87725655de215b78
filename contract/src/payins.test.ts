import { describe, expect, it } from 'vitest';
import { formatCountdown, isPayinOpen, mobileMoneyPayerError, PAYIN_COUNTDOWN_SECONDS, ZMobileMoneyPayer } from './payins.ts';

describe('pay-ins', () => {
  it('asks for the operator and the phone with the dialog warning', () => {
    expect(mobileMoneyPayerError({})).toBe('Veuillez remplir tous les champs requis');
    expect(mobileMoneyPayerError({ operator_id: 8 })).toBe('Veuillez remplir tous les champs requis');
    expect(mobileMoneyPayerError({ phone: '670000001' })).toBe('Veuillez remplir tous les champs requis');
    expect(mobileMoneyPayerError({ operator_id: '8', phone: '67 00 00 00 1' })).toBeNull();
    expect(mobileMoneyPayerError({ operator_id: 8, phone: 'abc' })).toBe('Format de numéro de téléphone invalide');
    expect(ZMobileMoneyPayer.parse({ operator_id: '8', phone: '+237 670-000-001' })).toEqual({ operator_id: 8, phone: '+237670000001' });
  });

  it('counts 300 seconds down as m:ss, and keeps the buttons for pending and init', () => {
    expect(formatCountdown(PAYIN_COUNTDOWN_SECONDS)).toBe('5:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(isPayinOpen('pending')).toBe(true);
    expect(isPayinOpen('init')).toBe(true);
    expect(isPayinOpen('expired')).toBe(false);
  });
});
