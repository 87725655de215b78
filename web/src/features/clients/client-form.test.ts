import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, ZClientInput, type TClient } from '@flotte/contract/clients';
import { GEO_MESSAGES } from '@flotte/contract/geo';
import { EMPTY_ADDRESS, EMPTY_CONTACT, clientBody, clientDefaults, clientErrorPaths, draftToPicker, pickerToDraft } from './client-form.ts';

const record: TClient = {
  id: '0190f1a2-0000-7000-8000-000000000001',
  park_id: '0190f1a2-0000-7000-8000-000000000009',
  name: 'Brasseries du Littoral',
  sex: 'Madame',
  phone: '+237690112233',
  email: null,
  business_name: 'BDL SA',
  city: 'Douala',
  courses_count: 3,
  created_at: '2026-11-01T10:00:00',
  niu: null,
  rccm: 'RC/DLA/2020/B/123',
  street: null,
  address: null,
  contacts: [{ id: 'c1', name: 'Paul Mbarga', sex: 'Monsieur', phone: '+237677001122', email: null }],
  addresses: [{ id: 'a1', name: 'Siège', description: 'Akwa, Douala', latitude: 4.0483, longitude: 9.7043 }],
};

const firstMessages = (values: unknown) => {
  const result = ZClientInput.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('client form', () => {
  it('an empty form names the required fields with the spec’s messages', () => {
    expect(firstMessages(clientDefaults(null))).toMatchObject({ name: CLIENT_MESSAGES.required, sex: CLIENT_MESSAGES.sex, phone: 'Le numéro de téléphone est requis' });
  });

  it('a blank contact and a blank address say what they miss', () => {
    const values = { ...clientDefaults(record), contacts: [{ ...EMPTY_CONTACT }], addresses: [{ ...EMPTY_ADDRESS }] };
    expect(firstMessages(values)).toMatchObject({
      'contacts.0.name': CLIENT_MESSAGES.required,
      'contacts.0.sex': CLIENT_MESSAGES.sex,
      'addresses.0.name': GEO_MESSAGES.addressName,
      'addresses.0.latitude': GEO_MESSAGES.addressLocation,
    });
  });

  it('an edit sends the whole record back, blank optional fields left out', () => {
    const body = clientBody(ZClientInput.parse(clientDefaults(record)));
    expect(body).toEqual({
      name: 'Brasseries du Littoral',
      sex: 'Madame',
      phone: '+237690112233',
      business_name: 'BDL SA',
      city: 'Douala',
      rccm: 'RC/DLA/2020/B/123',
      contacts: [{ name: 'Paul Mbarga', sex: 'Monsieur', phone: '+237677001122' }],
      addresses: [{ name: 'Siège', description: 'Akwa, Douala', latitude: 4.0483, longitude: 9.7043 }],
    });
    expect(ZClientInput.safeParse(body).success).toBe(true);
  });

  it('the address picker’s value and the form’s draft convert both ways', () => {
    expect(draftToPicker(EMPTY_ADDRESS)).toBeNull();
    expect(pickerToDraft(null)).toEqual(EMPTY_ADDRESS);
    const draft = { name: 'Siège', description: null, latitude: 4.05, longitude: 9.7 };
    expect(pickerToDraft(draftToPicker(draft))).toEqual(draft);
    expect(pickerToDraft({ name: 'Siège', latitude: undefined, longitude: undefined })).toEqual({ ...EMPTY_ADDRESS, name: 'Siège' });
  });

  it('puts the server’s field errors under the fields the form has', () => {
    expect(clientErrorPaths(['name', 'addresses.1.latitude', 'contacts.0.phone', 'park_id', 'addresses.x'])).toEqual(['name', 'addresses.1.latitude', 'contacts.0.phone']);
  });
});
