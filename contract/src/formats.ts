import { z } from 'zod';

/**
 * Contact formats and their messages, to the letter of spec 000/002 section 5.
 */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** People type spaces, dashes and dots in phone numbers; they are dropped before the check. */
export const zPhone = z
  .string({ error: 'Le numéro de téléphone est requis' })
  .transform((v) => normalizePhone(v))
  .pipe(z.string().min(1, 'Le numéro de téléphone est requis').regex(PHONE_PATTERN, 'Format de numéro de téléphone invalide'));

export const zEmail = z
  .string({ error: "L'email est requis !" })
  .trim()
  .min(1, "L'email est requis !")
  .regex(EMAIL_PATTERN, "Format d'email invalide")
  .transform((v) => v.toLowerCase());

export const PIN_LENGTH = 5;
export const zPin = z
  .string({ error: 'Veuillez entrer un code PIN à 5 chiffres' })
  .regex(/^\d{5}$/, 'Veuillez entrer un code PIN à 5 chiffres');

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGES = {
  length: 'Le mot de passe doit contenir au moins 8 caractères.',
  classes:
    'Le mot de passe doit contenir au moins une lettre majuscule, une lettre minuscule, un chiffre et un caractère spécial.',
  mismatch: 'Les mots de passe ne correspondent pas.',
} as const;

/** New passwords: 8+ characters with upper, lower, digit and one of !@#$%^&* (spec 002 section 5). */
export const zNewPassword = z
  .string({ error: PASSWORD_MESSAGES.length })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.length)
  .refine(
    (v) => /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && /[!@#$%^&*]/.test(v),
    PASSWORD_MESSAGES.classes,
  );

/** Strip spaces, dashes, dots and parentheses that people type in phone numbers. */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s\-().]/g, '');
}

/** `yyyy-MM-ddTHH:mm:ss`, the only date format on the wire (park's time zone). */
export const WIRE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
export const zWireDate = z.string().regex(WIRE_DATE_PATTERN, 'Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)');
