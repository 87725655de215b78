import { describe, expect, it } from 'vitest';
import { GEO_MESSAGES, ZAddressInput } from '@flotte/contract/geo';
import { addressError, addressErrors, boundsOf, fromPlace, pointOf, usableSuggestions, withName, withPoint } from './address.ts';

const place = { name: 'Marché central', description: 'Akwa, Douala, Cameroun', latitude: 4.0483, longitude: 9.7043 };

describe('address picker rules', () => {
  it('an empty or unnamed address says what is missing, in the contract’s words', () => {
    expect(addressErrors(null)).toEqual({ name: GEO_MESSAGES.addressName, location: GEO_MESSAGES.addressLocation });
    expect(addressError({ name: '  ', latitude: 4, longitude: 9 })).toBe("Le nom de l'adresse est requis.");
    expect(addressError({ name: 'Siège', latitude: undefined, longitude: undefined })).toBe('Veuillez sélectionner une adresse valide.');
    expect(addressError({ name: 'Siège', latitude: 4, longitude: 9 })).toBeUndefined();
  });

  it('a point outside the Earth’s bounds or not a number is no location', () => {
    expect(pointOf({ name: 'x', latitude: 91, longitude: 9 })).toBeNull();
    expect(pointOf({ name: 'x', latitude: '4', longitude: 9 })).toBeNull();
    expect(pointOf({ name: 'x', latitude: 0, longitude: 0 })).toEqual({ latitude: 0, longitude: 0 });
  });

  it('a picked place fills the name only when none was typed, and always the description and point', () => {
    expect(fromPlace(null, place)).toEqual(place);
    expect(fromPlace({ name: 'Entrepôt', description: 'old', latitude: null, longitude: null }, place)).toEqual({ ...place, name: 'Entrepôt' });
    expect(ZAddressInput.safeParse(fromPlace(null, place)).success).toBe(true);
  });

  it('a click or a dragged marker moves the point and keeps the name and description', () => {
    const moved = withPoint({ name: 'Siège', description: 'Bonapriso', latitude: 1, longitude: 1 }, { latitude: 4.0511112345, longitude: 9.7679998765 });
    expect(moved).toEqual({ name: 'Siège', description: 'Bonapriso', latitude: 4.051111, longitude: 9.768 });
    expect(withPoint(null, { latitude: 4, longitude: 9 })).toEqual({ name: '', description: null, latitude: 4, longitude: 9 });
  });

  it('clearing the name of an address without a point gives back nothing', () => {
    expect(withName(null, '')).toBeNull();
    expect(withName(null, 'S')).toEqual({ name: 'S', description: null, latitude: undefined, longitude: undefined });
    expect(withName({ name: 'S', latitude: 4, longitude: 9 }, '')).toEqual({ name: '', description: null, latitude: 4, longitude: 9 });
  });

  it('frames the points, and offers saved addresses once each', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([{ latitude: 4, longitude: 9.7 }, { latitude: 3.8, longitude: 11.5 }])).toEqual([[3.8, 9.7], [4, 11.5]]);
    const saved = [{ ...place }, { ...place }, { ...place, name: 'Autre' }];
    expect(usableSuggestions(saved).map((s) => s.name)).toEqual(['Marché central', 'Autre']);
    expect(usableSuggestions(undefined)).toEqual([]);
  });
});
