import { CAISSE_MESSAGES, type TCaisse, type TCaisseInput } from '@flotte/contract/caisses';
import { phoneError } from '../../ui/inputs/contact-validation.ts';

/**
 * The caisse dialog's pure rules (spec 001 section 5 'Caisse'): the name is required once trimmed;
 * the description only shows once a name is typed; the phone is sent only with its operator; the
 * administrators and the operator are optional.
 */
export interface CaisseFormValues {
  name: string;
  description: string;
  /** '+<code><number>' as the phone field gives it, '' when empty. */
  phone: string;
  /** The withdrawal mode id, as the select holds it. */
  vtc_withdraw_id: string | null;
  profile_ids: string[];
}

export const CAISSE_FIELDS = ['name', 'description', 'phone', 'vtc_withdraw_id', 'profile_ids'] as const;

export function caisseDefaults(caisse: TCaisse | null): CaisseFormValues {
  return {
    name: caisse?.name ?? '',
    description: caisse?.description ?? '',
    phone: caisse?.phone ?? '',
    vtc_withdraw_id: caisse?.vtc_withdraw_id != null ? String(caisse.vtc_withdraw_id) : null,
    profile_ids: caisse?.profile_ids ?? [],
  };
}

/** Whether the description field shows: once a name is typed. */
export function showsDescription(values: Pick<CaisseFormValues, 'name'>): boolean {
  return values.name.trim().length > 0;
}

/** Whether the phone goes with the form: only with an operator chosen too. */
export function sendsPhone(values: Pick<CaisseFormValues, 'phone' | 'vtc_withdraw_id'>): boolean {
  return values.phone.trim() !== '' && !!values.vtc_withdraw_id;
}

/** The form's errors by field (empty when it can be sent). */
export function caisseFormErrors(values: CaisseFormValues): Partial<Record<(typeof CAISSE_FIELDS)[number], string>> {
  const errors: Partial<Record<(typeof CAISSE_FIELDS)[number], string>> = {};
  if (!values.name.trim()) errors.name = CAISSE_MESSAGES.nameRequired;
  else if (values.name.trim().length > 100) errors.name = CAISSE_MESSAGES.nameTooLong;
  if (showsDescription(values) && values.description.trim().length > 500) errors.description = CAISSE_MESSAGES.descriptionTooLong;
  if (sendsPhone(values)) {
    const phone = phoneError(values.phone);
    if (phone) errors.phone = phone;
  }
  return errors;
}

/**
 * The body of POST /caisse and PUT /caisse/update/{id}. The whole form goes every time: what is
 * left out (a description, the phone, the operator) is cleared on the server, and profile_ids is
 * always sent, so removing every administrator removes them.
 */
export function caisseBody(values: CaisseFormValues, parkId: string): TCaisseInput {
  const description = showsDescription(values) ? values.description.trim() : '';
  return {
    name: values.name.trim(),
    description: description || undefined,
    phone: sendsPhone(values) ? values.phone.trim() : undefined,
    vtc_withdraw_id: values.vtc_withdraw_id ? Number(values.vtc_withdraw_id) : undefined,
    profile_ids: values.profile_ids,
    park_id: parkId,
  };
}
