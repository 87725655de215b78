import { describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES, ZSupplierContact, ZSupplierInput } from '@flotte/contract/suppliers';
import { EMPTY_CONTACT, supplierDefaults, supplierFormData } from './supplier-form.ts';

const CATEGORY = '0190f1a2-0000-7000-8000-000000000001';
const contact = { name: 'Paul Mbarga', phone: '+237677001122', email: 'paul@garage.cm', function: 'Chef d’atelier' };

describe('supplier form', () => {
  it('an empty form names the required fields with the spec’s messages', () => {
    const result = ZSupplierInput.safeParse(supplierDefaults(null));
    expect(result.success).toBe(false);
    // The first message of each field, the one the form shows.
    const messages = Object.fromEntries(result.error!.issues.reverse().map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      name: SUPPLIER_MESSAGES.nameRequired,
      phone: 'Le numéro de téléphone est requis',
      categories: 'Veuillez sélectionner au moins une catégorie',
    });
  });

  it('a correspondent needs its four fields', () => {
    expect(ZSupplierContact.safeParse(EMPTY_CONTACT).error?.issues.map((i) => i.message)).toEqual(Array(4).fill('Entrez des informations valides'));
    expect(ZSupplierContact.safeParse(contact).success).toBe(true);
  });

  it('sends the filled fields, the categories as repeated fields, the correspondents as JSON and the logo as a file', () => {
    const values = ZSupplierInput.parse({ ...supplierDefaults(null), name: 'Garage du Wouri', phone: '+237690112233', city: 'Douala', categories: [CATEGORY], contacts: [contact] });
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const form = supplierFormData(values, logo, false);
    expect(form.get('name')).toBe('Garage du Wouri');
    expect(form.get('social_reason')).toBe('-');
    expect(form.get('city')).toBe('Douala');
    expect(form.has('email')).toBe(false);
    expect(form.getAll('categories[]')).toEqual([CATEGORY]);
    expect(JSON.parse(String(form.get('contacts')))).toEqual([contact]);
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(form.has('remove_logo')).toBe(false);
    expect(supplierFormData(values, null, true).get('remove_logo')).toBe('true');
  });

  it('keeps on edit what the form does not show (company name, region)', () => {
    const record = { name: 'Garage', business_name: 'Garage SARL', region_id: 3, phone: '+237690112233', categories: [{ supplier_category: { id: CATEGORY, name: 'Garage' } }], contacts: [] };
    const values = ZSupplierInput.parse(supplierDefaults(record as never));
    const form = supplierFormData(values, null, false);
    expect(form.get('business_name')).toBe('Garage SARL');
    expect(form.get('region_id')).toBe('3');
  });
});
