import { describe, expect, it } from 'vitest';
import { checkNewPark, parkFieldErrors } from './park-form.ts';

describe('new park form', () => {
  it('sends the trimmed fields of a complete park', () => {
    expect(checkNewPark({ name: ' Taxis de Lomé ', city: 'Lomé', country_code: 'TG' })).toEqual({
      body: { name: 'Taxis de Lomé', city: 'Lomé', country_code: 'TG' },
      errors: null,
    });
  });

  it("says what is missing with the contract's messages", () => {
    const { errors } = checkNewPark({ name: 'T', city: '', country_code: null });
    expect(errors).toEqual({
      name: 'Le nom du parc doit contenir au moins 2 caractères',
      city: 'La ville doit contenir au moins 2 caractères',
      country_code: 'Choisissez un pays',
    });
  });

  it("puts a 400's field errors under the park fields, with or without the park. prefix", () => {
    expect(
      parkFieldErrors([
        { field: 'name', message: 'Nom pris' },
        { field: 'park.city', message: 'Ville invalide' },
        { field: 'other', message: 'x' },
      ]),
    ).toEqual({ name: 'Nom pris', city: 'Ville invalide' });
  });
});
