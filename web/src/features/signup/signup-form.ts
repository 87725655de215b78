import { PASSWORD_MESSAGES } from '@flotte/contract/constants';
import { ZRegister, type TParkCountryCode, type TRegister } from '@flotte/contract/signup';

/**
 * The sign-up form's rules, apart from its screens: which step asks for which field, what each
 * step checks before "Continuer", the body sent, and where a server field error goes. The
 * contract's ZRegister has the last word; the per-step checks only help the person get it right
 * before the last step.
 */

/** The steps a person goes through on this screen; the PIN (step 5) is the sign-in's own screen. */
export const SIGNUP_STEPS = ['identity', 'park', 'contact', 'code'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** Shown in the progress indicator, PIN included: the person sees the whole way. */
export const SIGNUP_STEP_LABELS: Record<SignupStep | 'pin', string> = {
  identity: 'Vous',
  park: 'Votre parc',
  contact: 'Contact',
  code: 'Code',
  pin: 'Code PIN',
};
export const SIGNUP_STEP_TITLES: Record<SignupStep, string> = {
  identity: 'Qui êtes-vous ?',
  park: 'Votre parc',
  contact: 'Vos coordonnées',
  code: 'Vérification',
};
export const SIGNUP_TOTAL_STEPS = SIGNUP_STEPS.length + 1;

export type SignupField =
  | 'owner_type'
  | 'ets_name'
  | 'first_name'
  | 'last_name'
  | 'park.name'
  | 'park.city'
  | 'park.country_code'
  | 'phone'
  | 'email'
  | 'canal_type'
  | 'password'
  | 'confirmation';
export type SignupErrors = Partial<Record<SignupField, string>>;

export interface SignupDraft {
  owner_type: 'particulier' | 'professionnel';
  ets_name: string;
  first_name: string;
  last_name: string;
  park_name: string;
  city: string;
  country_code: TParkCountryCode | null;
  /** '+<code><number>' as PhoneInput gives it, or ''. */
  phone: string;
  email: string;
  /** Which contact receives the code when both are given. */
  canal_type: 'sms' | 'email';
  password: string;
  confirmation: string;
}

export const EMPTY_DRAFT: SignupDraft = {
  owner_type: 'particulier',
  ets_name: '',
  first_name: '',
  last_name: '',
  park_name: '',
  city: '',
  country_code: null,
  phone: '',
  email: '',
  canal_type: 'sms',
  password: '',
  confirmation: '',
};

const STEP_FIELDS: Record<Exclude<SignupStep, 'code'>, readonly SignupField[]> = {
  identity: ['owner_type', 'ets_name', 'first_name', 'last_name'],
  park: ['park.name', 'park.city', 'park.country_code'],
  contact: ['phone', 'email', 'canal_type', 'password', 'confirmation'],
};

/** The step that asks for a field, from the server's path ('park.name', 'phone', 'credentials.email'). */
export function stepOfPath(path: string): { step: SignupStep; field: SignupField } | null {
  const clean = path.replace(/^body\./, '');
  for (const step of ['identity', 'park', 'contact'] as const) {
    const field = STEP_FIELDS[step].find((f) => f === clean);
    if (field) return { step, field };
  }
  if (clean === 'park') return { step: 'park', field: 'park.name' };
  return null;
}

/** What a draft sends: blanks left out, the code's channel only when both contacts are given. */
export function registerBody(draft: SignupDraft): TRegister {
  const phone = draft.phone.trim();
  const email = draft.email.trim();
  return {
    owner_type: draft.owner_type,
    ...(draft.owner_type === 'professionnel' ? { ets_name: draft.ets_name.trim() } : {}),
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
    canal_type: phone && email ? draft.canal_type : phone ? 'sms' : 'email',
    password: draft.password,
    park: { name: draft.park_name.trim(), city: draft.city.trim(), country_code: draft.country_code ?? ('' as TParkCountryCode) },
  };
}

/**
 * Errors of the whole draft, by field: the contract's own schema, plus the confirmation (which the
 * server never sees). When the object itself is incomplete zod skips its cross-field rules, so
 * those of the step (company name, one contact) are checked here too, with the contract's words.
 */
export function draftErrors(draft: SignupDraft): SignupErrors {
  const errors: SignupErrors = {};
  const put = (field: SignupField, message: string | undefined) => {
    if (message && !errors[field]) errors[field] = message;
  };
  const checked = ZRegister.safeParse(registerBody(draft));
  for (const issue of checked.success ? [] : checked.error.issues) {
    const target = stepOfPath(issue.path.join('.'));
    if (target) put(target.field, issue.message);
  }
  if (draft.owner_type === 'professionnel' && draft.ets_name.trim().length < 2) put('ets_name', "Le nom de l'entreprise est requis");
  if (!draft.phone.trim() && !draft.email.trim()) put('phone', 'Entrez un numéro de téléphone ou un email');
  if (!draft.country_code) put('park.country_code', 'Choisissez un pays');
  if (!errors.password && draft.password !== draft.confirmation) put('confirmation', PASSWORD_MESSAGES.mismatch);
  return errors;
}

/** The errors a step must clear before "Continuer": only its own fields. */
export function stepErrors(step: SignupStep, draft: SignupDraft): SignupErrors {
  if (step === 'code') return {};
  const all = draftErrors(draft);
  const own: SignupErrors = {};
  for (const field of STEP_FIELDS[step]) if (all[field]) own[field] = all[field];
  return own;
}

/** The first step holding one of these errors (where to send the person back), or null. */
export function firstStepWithErrors(errors: SignupErrors): SignupStep | null {
  for (const step of ['identity', 'park', 'contact'] as const) {
    if (STEP_FIELDS[step].some((f) => errors[f])) return step;
  }
  return null;
}

/**
 * A 400's field errors put under the right fields. `unplaced` counts the ones no field shows
 * (the screen then toasts the message).
 */
export function serverErrors(fieldErrors: readonly { field: string; message: string }[]): { errors: SignupErrors; unplaced: number } {
  const errors: SignupErrors = {};
  let unplaced = 0;
  for (const { field, message } of fieldErrors) {
    const target = stepOfPath(field);
    if (!target) unplaced += 1;
    else if (!errors[target.field]) errors[target.field] = message;
  }
  return { errors, unplaced };
}
