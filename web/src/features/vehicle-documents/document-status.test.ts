import { describe, expect, it } from 'vitest';
import { daysLeftText } from './document-status.ts';

describe('daysLeftText', () => {
  it('counts the days left, and the days since it ended', () => {
    expect(daysLeftText(10)).toBe('10 jours restants');
    expect(daysLeftText(1)).toBe('1 jour restant');
    expect(daysLeftText(0)).toBe("Expire aujourd'hui");
    expect(daysLeftText(-1)).toBe('Expiré depuis 1 jour');
    expect(daysLeftText(-12)).toBe('Expiré depuis 12 jours');
  });
});
