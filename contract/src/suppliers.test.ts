import { describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES, ZSupplierCategoryInput, ZSupplierInput, ZSupplierListQuery } from './suppliers.ts';

const A = '0190f1a2-0000-7000-8000-00000000000a';
const B = '0190f1a2-0000-7000-8000-00000000000b';
const contact = { name: 'Paul', phone: '+237 677 00 11 22', email: 'Paul@Garage.cm', function: 'Chef' };
const base = { name: 'Garage', phone: '+237690112233' };

const firstMessages = (input: unknown) => {
  const r = ZSupplierInput.safeParse(input);
  return r.success ? {} : Object.fromEntries([...r.error.issues].reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('ZSupplierInput', () => {
  it('reads categories and correspondents as the form data sends them (JSON string, comma list, repeated fields)', () => {
    const json = ZSupplierInput.parse({ ...base, categories: JSON.stringify([A, B]), contacts: JSON.stringify([contact]) });
    expect(json.categories).toEqual([A, B]);
    expect(json.contacts).toEqual([{ name: 'Paul', phone: '+237677001122', email: 'paul@garage.cm', function: 'Chef' }]);
    expect(ZSupplierInput.parse({ ...base, categories: `${A}, ${B.toUpperCase()}` }).categories).toEqual([A, B]);
    expect(ZSupplierInput.parse({ ...base, categories: [A, A] }).categories).toEqual([A]);
    expect(ZSupplierInput.parse({ ...base, categories: [A], remove_logo: 'true' }).remove_logo).toBe(true);
  });

  it("gives the spec's messages", () => {
    expect(firstMessages({ categories: '' })).toMatchObject({
      name: SUPPLIER_MESSAGES.nameRequired,
      phone: 'Le numéro de téléphone est requis',
      categories: 'Veuillez sélectionner au moins une catégorie',
    });
    expect(firstMessages({ ...base, categories: [A], contacts: [{ ...contact, email: '' }] })).toEqual({ 'contacts.0.email': 'Entrez des informations valides' });
    expect(firstMessages({ ...base, categories: ['garage'] })).toEqual({ 'categories.0': 'Catégorie invalide' });
    expect(ZSupplierCategoryInput.safeParse({ name: '  ' }).error?.issues[0].message).toBe('Le nom de la catégorie est requis');
  });

  it("lists by the 'Actifs' / 'Désactivés' values", () => {
    expect(ZSupplierListQuery.parse({ status: 'disabled' }).status).toBe('disabled');
    expect(ZSupplierListQuery.safeParse({ status: 'suspended' }).error?.issues[0].message).toBe('Statut invalide (enable ou disabled)');
  });
});
