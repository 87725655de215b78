import { z } from 'zod';
import { EMAIL_PATTERN, normalizePhone, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, PHONE_PATTERN, PIN_MESSAGE } from './constants.ts';

// Messages zod writes itself (a missing field, a wrong type) come out in French, like ours. Set
// here, in the file every schema builds on, so a screen importing one schema file directly (to keep
// the sign-in bundle small) gets French messages too.
z.config(z.locales.fr());

// Contact, PIN and password formats with their messages, to the letter of spec 000/002 section 5.

/** People type spaces, dashes and dots in phone numbers; they are dropped before the check. */
export const zPhone = z
  .string({ error: 'Le numéro de téléphone est requis' })
  .transform((v) => normalizePhone(v))
  .pipe(z.string().min(1, 'Le numéro de téléphone est requis').regex(PHONE_PATTERN, 'Format de numéro de téléphone invalide'));

export const zEmail = z
  .string({ error: "L'email est requis !" })
  .trim()
  .min(1, "L'email est requis !")
  .regex(EMAIL_PATTERN, "Format d'email invalide")
  .transform((v) => v.toLowerCase());

export const zPin = z.string({ error: PIN_MESSAGE }).regex(/^\d{5}$/, PIN_MESSAGE);

/** New passwords: 8+ characters with upper, lower, digit and one of !@#$%^&* (spec 002 section 5). */
export const zNewPassword = z
  .string({ error: PASSWORD_MESSAGES.length })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.length)
  .refine(
    (v) => /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && /[!@#$%^&*]/.test(v),
    PASSWORD_MESSAGES.classes,
  );
