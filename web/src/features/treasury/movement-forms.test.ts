import { describe, expect, it } from 'vitest';
import {
  BANK_OPERATION_DEFAULTS,
  bankOperationBody,
  bankOperationErrors,
  exceedsBalance,
  TRANSFER_DEFAULTS,
  transferBody,
  transferErrors,
} from './movement-forms.ts';

describe('the transfer form', () => {
  it('needs two different caisses and an amount above zero', () => {
    expect(transferErrors(TRANSFER_DEFAULTS)).toEqual({
      from_caisse_id: 'Veuillez sélectionner la caisse à débiter',
      to_caisse_id: 'Veuillez sélectionner la caisse à créditer',
      amount: 'Vous devez saisir le montant',
    });
    expect(transferErrors({ from_caisse_id: 'a', to_caisse_id: 'a', amount: 0, comment: '' })).toEqual({
      to_caisse_id: 'Choisissez deux caisses différentes',
      amount: 'Le montant doit être supérieur à 0',
    });
    expect(transferErrors({ from_caisse_id: 'a', to_caisse_id: 'b', amount: 5000, comment: '' })).toEqual({});
  });

  it('sends the comment only when there is one', () => {
    expect(transferBody({ from_caisse_id: 'a', to_caisse_id: 'b', amount: 5000, comment: '  ' }, 'p1')).toEqual({
      from_caisse_id: 'a',
      to_caisse_id: 'b',
      amount: 5000,
      comment: undefined,
      park_id: 'p1',
    });
    expect(transferBody({ from_caisse_id: 'a', to_caisse_id: 'b', amount: 5000, comment: ' Fond ' }, 'p1').comment).toBe('Fond');
  });

  it('tells when the amount is more than the caisse holds', () => {
    expect(exceedsBalance(5001, 5000)).toBe(true);
    expect(exceedsBalance(5000, 5000)).toBe(false);
    expect(exceedsBalance(null, 5000)).toBe(false);
  });
});

describe('the bank operation form', () => {
  it("checks the amount, then the caisse, with the spec's message", () => {
    expect(Object.entries(bankOperationErrors(BANK_OPERATION_DEFAULTS))).toEqual([
      ['amount', 'Vous devez saisir le montant'],
      ['caisse_id', 'Veuillez sélectionner une caisse'],
    ]);
    expect(bankOperationErrors({ amount: 250000, caisse_id: 'c1', description: '' })).toEqual({});
  });

  it('builds its body', () => {
    expect(bankOperationBody({ amount: 250000, caisse_id: 'c1', description: ' Guichet ' }, 'p1')).toEqual({ amount: 250000, caisse_id: 'c1', description: 'Guichet', park_id: 'p1' });
  });
});
