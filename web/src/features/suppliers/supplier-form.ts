import type { TSupplier, TSupplierContactInput, TSupplierInputParsed } from '@flotte/contract/suppliers';

/**
 * The supplier form validates with the contract's ZSupplierInput, the schema the server uses, and
 * travels as multipart form data (the logo is a file): categories as repeated `categories[]`
 * fields, correspondents as one JSON string, social_reason as '-' (spec 002 section 5).
 */
export interface SupplierFormValues {
  name: string;
  /** Not on the form: kept as the record has them, since an edit replaces the whole record. */
  business_name: string;
  region_id: number | '';
  rccm: string;
  niu: string;
  phone: string;
  email: string;
  city: string;
  street: string;
  categories: string[];
  contacts: Required<TSupplierContactInput>[];
}

export const SUPPLIER_FIELDS = ['name', 'rccm', 'niu', 'phone', 'email', 'city', 'street', 'categories', 'contacts'] as const;

export const EMPTY_CONTACT: Required<TSupplierContactInput> = { name: '', phone: '', email: '', function: '' };

/** The form's values: empty for a new supplier, the record's for an edit. */
export function supplierDefaults(s: TSupplier | null): SupplierFormValues {
  return {
    name: s?.name ?? '',
    business_name: s?.business_name ?? '',
    region_id: s?.region_id ?? '',
    rccm: s?.rccm ?? '',
    niu: s?.niu ?? '',
    phone: s?.phone ?? '',
    email: s?.email ?? '',
    city: s?.city ?? '',
    street: s?.street ?? '',
    categories: s?.categories.map((c) => c.supplier_category.id) ?? [],
    contacts: s?.contacts.map((c) => ({ ...c })) ?? [],
  };
}

/**
 * The body of POST/PUT /supplier. An edit replaces the whole record, so what is blank is simply
 * not sent; the logo goes as a file when a new one was picked, or `remove_logo` when the person
 * took the old one away.
 */
export function supplierFormData(values: TSupplierInputParsed, logo: File | null, removeLogo: boolean): FormData {
  const form = new FormData();
  const text: [string, string | number | undefined][] = [
    ['name', values.name],
    ['business_name', values.business_name],
    ['social_reason', '-'],
    ['niu', values.niu],
    ['rccm', values.rccm],
    ['phone', values.phone],
    ['email', values.email],
    ['region_id', values.region_id],
    ['city', values.city],
    ['street', values.street],
  ];
  for (const [key, value] of text) if (value !== undefined && value !== '') form.append(key, String(value));
  for (const id of values.categories) form.append('categories[]', id);
  if (values.contacts.length) form.append('contacts', JSON.stringify(values.contacts));
  if (logo) form.append('logo', logo, logo.name);
  else if (removeLogo) form.append('remove_logo', 'true');
  return form;
}
