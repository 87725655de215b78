import { describe, expect, it } from 'vitest';
import { checkLicence, EMPTY_LICENCE, LICENCE_MESSAGES } from './licences.ts';

const b = { ...EMPTY_LICENCE, type: 'B' as const, driver_licence_number: ' CM-123 ', delivery_at: '2020-01-10', expire_at: '2030-01-10' };

describe('checkLicence', () => {
  it('needs number, type, delivery date, and an expiry unless permanent', () => {
    expect(checkLicence({ ...b, type: null }, [])).toEqual({ ok: false, message: LICENCE_MESSAGES.missingFields });
    expect(checkLicence({ ...b, driver_licence_number: '  ' }, [])).toEqual({ ok: false, message: 'Veuillez remplir tous les champs' });
    expect(checkLicence({ ...b, delivery_at: '' }, [])).toMatchObject({ ok: false });
    expect(checkLicence({ ...b, expire_at: '' }, [])).toMatchObject({ ok: false, message: LICENCE_MESSAGES.missingFields });
    expect(checkLicence({ ...b, expire_at: '', permanent: true }, [])).toMatchObject({ ok: true });
  });

  it('refuses a type already listed', () => {
    expect(checkLicence(b, [{ type: 'B' }])).toEqual({ ok: false, message: 'Permis déjà ajouté' });
    expect(checkLicence(b, [{ type: 'A' }])).toMatchObject({ ok: true });
  });

  it('drops the expiry of a permanent licence and trims the number', () => {
    const result = checkLicence({ ...b, permanent: true }, []);
    expect(result).toEqual({
      ok: true,
      licence: { type: 'B', driver_licence_number: 'CM-123', permanent: true, delivery_at: '2020-01-10', expire_at: null, country_delivery: null },
    });
  });

  it('refuses an expiry before the delivery', () => {
    expect(checkLicence({ ...b, expire_at: '2019-01-01' }, [])).toMatchObject({ ok: false });
  });
});
