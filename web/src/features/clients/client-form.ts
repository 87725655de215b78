import type { TAddressInput } from '@flotte/contract/geo';
import type { TClient, TClientInput, TClientInputParsed, TClientSex } from '@flotte/contract/clients';

/**
 * The client form validates with the contract's ZClientInput, the schema the server uses, and
 * sends the whole record: an edit replaces the contacts and addresses with the lists sent.
 */
export interface ContactDraft {
  name: string;
  sex: TClientSex | '';
  phone: string;
  email: string;
}

/** An address being picked: null coordinates until a place is chosen on the map. */
export interface AddressDraft {
  name: string;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ClientFormValues {
  name: string;
  sex: TClientSex | '';
  phone: string;
  email: string;
  niu: string;
  rccm: string;
  business_name: string;
  city: string;
  street: string;
  address: string;
  contacts: ContactDraft[];
  addresses: AddressDraft[];
}

export const CLIENT_FIELDS = ['name', 'sex', 'phone', 'email', 'niu', 'rccm', 'business_name', 'city', 'street', 'address', 'contacts', 'addresses'] as const;

export const EMPTY_CONTACT: ContactDraft = { name: '', sex: '', phone: '', email: '' };
export const EMPTY_ADDRESS: AddressDraft = { name: '', description: null, latitude: null, longitude: null };

/** The form's values: empty for a new client, the record's for an edit. */
export function clientDefaults(c: TClient | null): ClientFormValues {
  return {
    name: c?.name ?? '',
    sex: c?.sex ?? '',
    phone: c?.phone ?? '',
    email: c?.email ?? '',
    niu: c?.niu ?? '',
    rccm: c?.rccm ?? '',
    business_name: c?.business_name ?? '',
    city: c?.city ?? '',
    street: c?.street ?? '',
    address: c?.address ?? '',
    contacts: c?.contacts.map((p) => ({ name: p.name, sex: p.sex, phone: p.phone, email: p.email ?? '' })) ?? [],
    addresses: c?.addresses.map((a) => ({ name: a.name, description: a.description, latitude: a.latitude, longitude: a.longitude })) ?? [],
  };
}

/** The draft as the address picker reads it, and back (an emptied picker is a blank address, still listed). */
export function draftToPicker(d: AddressDraft): TAddressInput | null {
  return d.name === '' && d.latitude === null && !d.description ? null : { name: d.name, description: d.description, latitude: d.latitude ?? undefined, longitude: d.longitude ?? undefined };
}
export function pickerToDraft(v: TAddressInput | null): AddressDraft {
  if (!v) return { ...EMPTY_ADDRESS };
  const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);
  return { name: v.name ?? '', description: v.description ?? null, latitude: num(v.latitude), longitude: num(v.longitude) };
}

/** The body of POST/PUT /client from the validated values: blank optional fields are left out. */
export function clientBody(values: TClientInputParsed): TClientInput {
  const body: TClientInput = {
    name: values.name,
    sex: values.sex,
    phone: values.phone,
    contacts: values.contacts.map((c) => ({ name: c.name, sex: c.sex, phone: c.phone, ...(c.email ? { email: c.email } : {}) })),
    addresses: values.addresses.map((a) => ({ name: a.name, description: a.description ?? null, latitude: a.latitude, longitude: a.longitude })),
  };
  for (const key of ['email', 'niu', 'rccm', 'business_name', 'city', 'street', 'address'] as const) {
    const v = values[key];
    if (v) body[key] = v;
  }
  return body;
}

const SERVER_PATH = /^(name|sex|phone|email|niu|rccm|business_name|city|street|address|contacts|addresses)(\.\d+(\.(name|sex|phone|email|description|latitude|longitude))?)?$/;

/**
 * The paths of a 400's field errors that the form can show under a field ('addresses.1.latitude'
 * sits under the second address's map); others go to a toast.
 */
export function clientErrorPaths(paths: readonly string[]): string[] {
  return paths.filter((p) => SERVER_PATH.test(p));
}
