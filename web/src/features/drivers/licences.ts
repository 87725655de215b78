import { DRIVER_MESSAGES, LICENCE_TYPES, ZDriverLicenceInput, type TDriverLicenceInputParsed, type TLicenceType } from '@flotte/contract';

export { LICENCE_TYPES };
export type LicenceType = TLicenceType;

/** Spec wording, spelled as french.md corrects it. */
export const LICENCE_MESSAGES = {
  missingFields: DRIVER_MESSAGES.licenceFieldsRequired,
  duplicate: DRIVER_MESSAGES.licenceDuplicate,
  added: DRIVER_MESSAGES.licenceAdded,
} as const;

/** A licence as the form lists it and the API receives it (dates yyyy-MM-dd). */
export type LicenceInput = TDriverLicenceInputParsed;

/** What the 'Ajouter un permis' sub-form holds while it is being filled. */
export interface LicenceDraft {
  type: LicenceType | null;
  driver_licence_number: string;
  permanent: boolean;
  delivery_at: string;
  expire_at: string;
  country_delivery: string | null;
}

export const EMPTY_LICENCE: LicenceDraft = {
  type: null,
  driver_licence_number: '',
  permanent: false,
  delivery_at: '',
  expire_at: '',
  country_delivery: null,
};

/**
 * Checks the 'Ajouter un permis' sub-form with the contract's licence schema (number, type and
 * delivery date required, the expiry too unless permanent) and against the licences already
 * listed (a type once), so the person hears it before the server refuses the whole driver.
 */
export function checkLicence(draft: LicenceDraft, existing: readonly Pick<LicenceInput, 'type'>[]): { ok: true; licence: LicenceInput } | { ok: false; message: string } {
  const parsed = ZDriverLicenceInput.safeParse(draft);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? LICENCE_MESSAGES.missingFields };
  if (existing.some((l) => l.type === parsed.data.type)) return { ok: false, message: LICENCE_MESSAGES.duplicate };
  return { ok: true, licence: parsed.data };
}
