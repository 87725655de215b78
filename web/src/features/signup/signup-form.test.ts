import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  draftErrors,
  firstStepWithErrors,
  registerBody,
  serverErrors,
  stepErrors,
  stepOfPath,
  type SignupDraft,
} from './signup-form.ts';

const COMPLETE: SignupDraft = {
  ...EMPTY_DRAFT,
  first_name: 'Awa',
  last_name: 'Ndiaye',
  park_name: 'Taxis du Plateau',
  city: 'Dakar',
  country_code: 'SN',
  phone: '+221771234567',
  password: 'Flotte#2026',
  confirmation: 'Flotte#2026',
};

describe('sign-up steps', () => {
  it('lets a complete draft through every step', () => {
    expect(stepErrors('identity', COMPLETE)).toEqual({});
    expect(stepErrors('park', COMPLETE)).toEqual({});
    expect(stepErrors('contact', COMPLETE)).toEqual({});
    expect(draftErrors(COMPLETE)).toEqual({});
  });

  it('checks only the fields of the step being left', () => {
    const errors = stepErrors('identity', EMPTY_DRAFT);
    expect(Object.keys(errors).sort()).toEqual(['first_name', 'last_name']);
    expect(errors.first_name).toBe('Le prénom doit contenir au moins 2 caractères');
  });

  it('asks a professional for the company name', () => {
    const errors = stepErrors('identity', { ...COMPLETE, owner_type: 'professionnel', ets_name: ' ' });
    expect(errors).toEqual({ ets_name: "Le nom de l'entreprise est requis" });
    expect(stepErrors('identity', { ...COMPLETE, owner_type: 'professionnel', ets_name: 'Wouri SARL' })).toEqual({});
  });

  it('asks for the park name, city and country', () => {
    const errors = stepErrors('park', { ...COMPLETE, park_name: '', city: 'D', country_code: null });
    expect(errors['park.name']).toBe('Le nom du parc doit contenir au moins 2 caractères');
    expect(errors['park.city']).toBe('La ville doit contenir au moins 2 caractères');
    expect(errors['park.country_code']).toBe('Choisissez un pays');
  });

  it('wants a phone or an email, the spec password and a matching confirmation', () => {
    const none = stepErrors('contact', { ...COMPLETE, phone: '', email: '' });
    expect(none.phone).toBe('Entrez un numéro de téléphone ou un email');
    const weak = stepErrors('contact', { ...COMPLETE, password: 'flotte2026', confirmation: 'flotte2026' });
    expect(weak.password).toMatch(/majuscule/);
    const mismatch = stepErrors('contact', { ...COMPLETE, confirmation: 'Flotte#2027' });
    expect(mismatch).toEqual({ confirmation: 'Les mots de passe ne correspondent pas.' });
    expect(stepErrors('contact', { ...COMPLETE, phone: '', email: 'awa@exemple.sn' })).toEqual({});
  });

  it('sends blanks left out and the channel of the only contact given', () => {
    const body = registerBody({ ...COMPLETE, email: '  ', owner_type: 'particulier', ets_name: 'ignored' });
    expect(body).toEqual({
      owner_type: 'particulier',
      first_name: 'Awa',
      last_name: 'Ndiaye',
      phone: '+221771234567',
      canal_type: 'sms',
      password: 'Flotte#2026',
      park: { name: 'Taxis du Plateau', city: 'Dakar', country_code: 'SN' },
    });
    expect(registerBody({ ...COMPLETE, phone: '', email: 'awa@exemple.sn' }).canal_type).toBe('email');
    expect(registerBody({ ...COMPLETE, email: 'awa@exemple.sn', canal_type: 'email' }).canal_type).toBe('email');
    expect(body).not.toHaveProperty('confirmation');
  });
});

describe('server field errors', () => {
  it('go under the field of the step that asked for it', () => {
    expect(stepOfPath('park.name')).toEqual({ step: 'park', field: 'park.name' });
    expect(stepOfPath('phone')).toEqual({ step: 'contact', field: 'phone' });
    expect(stepOfPath('ets_name')).toEqual({ step: 'identity', field: 'ets_name' });
    expect(stepOfPath('otp')).toBeNull();
  });

  it('send the person back to the first step holding one, and count what no field shows', () => {
    const { errors, unplaced } = serverErrors([
      { field: 'phone', message: 'Format de numéro de téléphone invalide' },
      { field: 'park.city', message: 'La ville est requise' },
      { field: 'something_else', message: 'Autre' },
    ]);
    expect(errors).toEqual({ phone: 'Format de numéro de téléphone invalide', 'park.city': 'La ville est requise' });
    expect(unplaced).toBe(1);
    expect(firstStepWithErrors(errors)).toBe('park');
    expect(firstStepWithErrors({})).toBeNull();
  });
});
