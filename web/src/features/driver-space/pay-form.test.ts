import { describe, expect, it } from 'vitest';
import { checkPay } from './pay-form.ts';

const ID = '0190a1b2-0000-7000-8000-000000000001';

describe('checkPay', () => {
  it('sends all that remains without an amount, his number as typed without spaces', () => {
    expect(checkPay(ID, 5000, { operatorId: '2', phone: '+237 670000001', amount: 5000 })).toEqual({ ok: true, body: { recette_id: ID, operator_id: '2', phone: '+237670000001' } });
    expect(checkPay(ID, 5000, { operatorId: '2', phone: '+237670000001', amount: null })).toMatchObject({ ok: true, body: { recette_id: ID } });
  });

  it('sends a smaller amount', () => {
    expect(checkPay(ID, 5000, { operatorId: '2', phone: '+237670000001', amount: 1500 })).toMatchObject({ ok: true, body: { amount: 1500 } });
  });

  it('says what is missing or wrong under each field', () => {
    expect(checkPay(ID, 5000, { operatorId: '', phone: '', amount: 0 })).toEqual({
      ok: false,
      errors: { operator: 'Veuillez remplir tous les champs requis', phone: 'Veuillez remplir tous les champs requis', amount: 'Entrez un montant valide' },
    });
    expect(checkPay(ID, 5000, { operatorId: '1', phone: '12', amount: 6000 })).toEqual({
      ok: false,
      errors: { phone: 'Format de numéro de téléphone invalide', amount: 'Le montant dépasse le reste à encaisser de la recette' },
    });
    expect(checkPay(ID, 5000, { operatorId: '1', phone: '+237670000001', amount: 10.555 })).toMatchObject({ ok: false, errors: { amount: 'Entrez un montant valide' } });
  });
});
