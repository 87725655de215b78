import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { CLEAR_KEY, DRIVER_CLEARABLE_FIELDS, DRIVER_MESSAGES, ZDriverInput, blankFields, type TDriver, type TDriverInputParsed } from '@flotte/contract';
import type { LicenceInput } from './licences.ts';

/** Spec 000 section 5 'Driver': the checks the submit button makes, each shown as a warning. */
export const DRIVER_FORM_MESSAGES = {
  firstName: DRIVER_MESSAGES.firstNameRequired,
  lastName: DRIVER_MESSAGES.lastNameRequired,
  phone: DRIVER_MESSAGES.phoneRequired,
  driverType: DRIVER_MESSAGES.driverTypeRequired,
} as const;

/** Spec 000 sections 2 and 8. */
export const DRIVER_SAVED_TITLE = { created: 'Chauffeur enregistré avec succès !', updated: 'Chauffeur mis à jour avec succès !' } as const;

export const WEEK_DAYS = [
  { id: 1, label: 'Lundi' },
  { id: 2, label: 'Mardi' },
  { id: 3, label: 'Mercredi' },
  { id: 4, label: 'Jeudi' },
  { id: 5, label: 'Vendredi' },
  { id: 6, label: 'Samedi' },
  { id: 7, label: 'Dimanche' },
] as const;

/** What the form's inputs hold; blank optional fields are '' or null until the schema reads them. */
export interface DriverFormInput {
  last_name: string;
  first_name: string;
  phone: string;
  email: string;
  cni_number: string;
  driver_type_id: number | null;
  grade_id: number | null;
  start_work_at: string;
  days_off: number[];
}
export type DriverFormValues = TDriverInputParsed;

/** The optional fields of this form, emptied on edit when left blank. */
export const DRIVER_FORM_CLEARABLE = ['email', 'cni_number', 'grade_id', 'start_work_at'] as const satisfies readonly (typeof DRIVER_CLEARABLE_FIELDS)[number][];

export const DRIVER_FIELDS = ['last_name', 'first_name', 'phone', 'email', 'cni_number', 'driver_type_id', 'grade_id', 'start_work_at', 'days_off'] as const;

/**
 * The contract's POST /driver schema, the one the server applies: blank optional fields read as
 * "not given", and the four submit checks answer with the spec's messages. (Its input type is
 * `unknown` because it preprocesses multipart strings, hence the typed resolver.)
 */
export const driverResolver: Resolver<DriverFormInput, unknown, DriverFormValues> = zodResolver(
  ZDriverInput as unknown as z.ZodType<DriverFormValues, DriverFormInput>,
);

export function driverDefaults(driver: TDriver | null): DriverFormInput {
  return {
    last_name: driver?.last_name ?? '',
    first_name: driver?.first_name ?? '',
    phone: driver?.phone ?? '',
    email: driver?.email ?? '',
    cni_number: driver?.cni_number ?? '',
    driver_type_id: driver?.driver_type_id ?? null,
    grade_id: driver?.grade_id ?? null,
    start_work_at: driver?.start_work_at ?? '',
    days_off: driver?.days_off ?? [],
  };
}

export function licencesOf(driver: TDriver | null): LicenceInput[] {
  return (driver?.permis ?? []).map(({ type, driver_licence_number, permanent, delivery_at, expire_at, country_delivery }) => ({
    type,
    driver_licence_number,
    permanent,
    delivery_at,
    expire_at: permanent ? null : expire_at,
    country_delivery,
  }));
}

/**
 * Multipart body of POST /driver and PUT /driver/update/{id}: the photo as a file, licences and
 * days off as JSON strings (spec 000 section 7); both lists always go, since an update replaces
 * them whole. On creation the phone carries the country prefix chosen in the phone field; an edit
 * sends the number as stored, corrected in a plain field.
 */
export function driverFormData(
  values: DriverFormValues,
  licences: readonly LicenceInput[],
  photo: File | null,
  parkId: string,
  existing: TDriver | null,
  removePhoto = false,
): FormData {
  const form = new FormData();
  if (!existing) form.append('park_id', parkId);
  form.append('last_name', values.last_name);
  form.append('first_name', values.first_name);
  form.append('phone', values.phone);
  if (values.email) form.append('email', values.email);
  if (values.cni_number) form.append('cni_number', values.cni_number);
  form.append('driver_type_id', String(values.driver_type_id));
  if (values.grade_id !== undefined) form.append('grade_id', String(values.grade_id));
  if (values.start_work_at) form.append('start_work_at', values.start_work_at);
  form.append('days_off', JSON.stringify(values.days_off ?? []));
  form.append('permis', JSON.stringify(licences));
  if (photo) form.append('image', photo, photo.name);
  // An edit empties what the form leaves blank: blank fields are cleaned out of the body, so they
  // are named in `clear` (spec 000 section 5 cleaning), and so is a photo taken off.
  if (existing) {
    const cleared: string[] = blankFields(values, DRIVER_FORM_CLEARABLE);
    if (removePhoto && !photo) cleared.push('image');
    if (cleared.length) form.append(CLEAR_KEY, JSON.stringify(cleared));
  }
  return form;
}
