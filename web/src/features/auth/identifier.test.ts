import { describe, expect, it } from 'vitest';
import { IDENTIFIER_REQUIRED_MESSAGE, parseIdentifier } from './identifier.ts';
import { safeNext } from './next-url.ts';

describe('parseIdentifier', () => {
  it('reads an email when there is an @', () => {
    expect(parseIdentifier(' Awa@Example.CM ')).toEqual({ ok: true, recipient: { email: 'awa@example.cm' } });
    expect(parseIdentifier('awa@')).toEqual({ ok: false, message: "Format d'email invalide" });
  });

  it('reads a phone otherwise, ignoring spaces, dashes, dots and parentheses', () => {
    expect(parseIdentifier('+237 6 99-00.11 22')).toEqual({ ok: true, recipient: { phone: '+237699001122' } });
    expect(parseIdentifier('12345')).toEqual({ ok: false, message: 'Format de numéro de téléphone invalide' });
  });

  it('asks for a value when empty', () => {
    expect(parseIdentifier('  ')).toEqual({ ok: false, message: IDENTIFIER_REQUIRED_MESSAGE });
  });
});

describe('safeNext', () => {
  it('follows same-site paths only', () => {
    expect(safeNext('/dashboard/contracts?x=1')).toBe('/dashboard/contracts?x=1');
    expect(safeNext('//evil.example')).toBe('/dashboard');
    expect(safeNext('https://evil.example')).toBe('/dashboard');
    expect(safeNext('/auth/login')).toBe('/dashboard');
    expect(safeNext(null)).toBe('/dashboard');
  });
});
