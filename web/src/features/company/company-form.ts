import { z } from 'zod';
import { PARK_CLEARABLE_FIELDS, ZParkUpdate, blankFields, zPhone, type TParkDetail, type TParkUpdate } from '@flotte/contract';

/**
 * The company form: the contract's rules, with the name required and an empty phone allowed
 * (a park may have none).
 */
export const ZCompanyForm = ZParkUpdate.omit({ remove_logo: true, clear: true }).extend({
  name: ZParkUpdate.shape.name.unwrap(),
  phone: z.union([z.literal(''), zPhone]).optional(),
});
export type CompanyFormInput = z.input<typeof ZCompanyForm>;
export type CompanyFormValues = z.output<typeof ZCompanyForm>;

export const COMPANY_FIELDS = [
  'name',
  'country_code',
  'city',
  'currency',
  'time_zone',
  'phone',
  'legal_notice',
  'operations_need_confirmation',
  'service_soon_days',
  'service_soon_km',
] as const;

export function companyDefaults(park: TParkDetail): CompanyFormInput {
  return {
    name: park.name,
    country_code: park.country_code,
    city: park.city ?? '',
    currency: park.currency,
    time_zone: park.time_zone,
    phone: park.phone ?? '',
    legal_notice: park.legal_notice ?? '',
    operations_need_confirmation: park.operations_need_confirmation,
    service_soon_days: park.service_soon_days,
    service_soon_km: park.service_soon_km,
  };
}

/**
 * The request body: JSON, or multipart form data when a new logo goes with it (booleans as
 * 'true'/'false', numbers as their digits, empty fields left out as the JSON body cleaning would).
 */
export function companyBody(values: CompanyFormValues, logo: File | null, removeLogo: boolean): TParkUpdate | FormData {
  const fields: TParkUpdate = { ...values, phone: values.phone || undefined };
  if (removeLogo && !logo) fields.remove_logo = true;
  // Blank fields are cleaned out of the body, so emptying one is said by naming it in `clear`.
  const cleared = blankFields(values, PARK_CLEARABLE_FIELDS);
  if (cleared.length) fields.clear = cleared;
  if (!logo) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, Array.isArray(value) ? JSON.stringify(value) : typeof value === 'string' ? value : String(value));
  }
  form.append('logo', logo, logo.name);
  return form;
}
