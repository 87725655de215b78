import { describe, expect, it } from 'vitest';
import { joinPhone } from '../countries/countries.ts';
import { emailError, phoneError } from './contact-validation.ts';

describe('phoneError', () => {
  it('accepts + and 10 to 15 digits, as the phone field sends them', () => {
    expect(phoneError(joinPhone('225', '07 01 02 03 04'))).toBeNull();
    expect(phoneError(joinPhone('237', '690000000'))).toBeNull();
    expect(phoneError('+123456789012345')).toBeNull();
  });

  it('refuses other formats with the spec message', () => {
    for (const value of [joinPhone('225', '12'), '+1234567890123456', joinPhone('237', '69abc0000'), '+225 07-01']) {
      expect(phoneError(value)).toBe('Format de numéro de téléphone invalide');
    }
  });

  it('asks for a required number and lets an optional one be empty', () => {
    expect(phoneError('', true)).toBe('Le numéro de téléphone est requis');
    expect(phoneError('   ', true)).toBe('Le numéro de téléphone est requis');
    expect(phoneError('')).toBeNull();
  });
});

describe('emailError', () => {
  it('accepts any top-level domain', () => {
    expect(emailError('awa@flotte.ci')).toBeNull();
    expect(emailError(' Awa.Kone@exemple.africa ')).toBeNull();
  });

  it('refuses malformed addresses and asks for a required one', () => {
    expect(emailError('awa@flotte')).toBe("Format d'email invalide");
    expect(emailError('awa flotte@x.ci')).toBe("Format d'email invalide");
    expect(emailError('', true)).toBe("L'email est requis !");
    expect(emailError('')).toBeNull();
  });
});
