import { describe, expect, it } from 'vitest';
import type { TCaisse } from '@flotte/contract/caisses';
import { caisseBody, caisseDefaults, caisseFormErrors, sendsPhone, showsDescription, type CaisseFormValues } from './caisse-form.ts';
import { splitAvatars } from './caisse-display.ts';

const empty = caisseDefaults(null);
const form = (v: Partial<CaisseFormValues>): CaisseFormValues => ({ ...empty, ...v });

describe('the caisse form', () => {
  it("requires a name once trimmed, with the spec's message", () => {
    expect(caisseFormErrors(form({ name: '   ' }))).toEqual({ name: 'Vous devez définir le nom du compte' });
    expect(caisseFormErrors(form({ name: 'Caisse Douala' }))).toEqual({});
  });

  it('shows the description only once a name is typed, and sends it only then', () => {
    expect(showsDescription(form({ name: ' ' }))).toBe(false);
    expect(showsDescription(form({ name: 'C' }))).toBe(true);
    expect(caisseBody(form({ name: ' ', description: 'oubliée' }), 'p1').description).toBeUndefined();
    expect(caisseBody(form({ name: 'Caisse', description: ' Centre ' }), 'p1').description).toBe('Centre');
  });

  it('sends the phone only with an operator, and checks it only then', () => {
    const phoneOnly = form({ name: 'Caisse', phone: '+237699001122' });
    expect(sendsPhone(phoneOnly)).toBe(false);
    expect(caisseBody(phoneOnly, 'p1')).toEqual({ name: 'Caisse', description: undefined, phone: undefined, vtc_withdraw_id: undefined, profile_ids: [], park_id: 'p1' });

    const both = form({ name: ' Caisse ', phone: '+237699001122', vtc_withdraw_id: '7', profile_ids: ['a', 'b'] });
    expect(caisseBody(both, 'p1')).toEqual({ name: 'Caisse', description: undefined, phone: '+237699001122', vtc_withdraw_id: 7, profile_ids: ['a', 'b'], park_id: 'p1' });
    // The operator alone is fine.
    expect(caisseBody(form({ name: 'Caisse', vtc_withdraw_id: '8' }), 'p1').vtc_withdraw_id).toBe(8);

    expect(caisseFormErrors(form({ name: 'Caisse', phone: '+2371', vtc_withdraw_id: '7' }))).toEqual({ phone: 'Format de numéro de téléphone invalide' });
    expect(caisseFormErrors(form({ name: 'Caisse', phone: '+2371' }))).toEqual({});
  });

  it('starts from the caisse being edited', () => {
    const caisse = {
      id: 'c1',
      name: 'Caisse Akwa',
      description: null,
      phone: '+237699001122',
      sold: 1000,
      vtc_withdraw: { id: 7, title: 'Orange Money', image: null },
      vtc_withdraw_id: 7,
      admin_profiles: [],
      profile_ids: ['a'],
      park_id: 'p1',
      is_default: false,
      editable: true,
    } satisfies TCaisse;
    expect(caisseDefaults(caisse)).toEqual({ name: 'Caisse Akwa', description: '', phone: '+237699001122', vtc_withdraw_id: '7', profile_ids: ['a'] });
  });
});

describe('the avatars of a caisse card', () => {
  it('shows 3, then counts the others', () => {
    expect(splitAvatars(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(splitAvatars(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});
