import { normalizePhone } from '@flotte/contract/constants';
import { zEmail, zPhone } from '@flotte/contract/formats';

/** The person types one thing: with an '@' it is an email, otherwise a phone number. */
export type Recipient = { email: string; phone?: undefined } | { phone: string; email?: undefined };

import { IDENTIFIER_REQUIRED_MESSAGE } from '@flotte/contract/constants';
export { IDENTIFIER_REQUIRED_MESSAGE };

export function parseIdentifier(raw: string): { ok: true; recipient: Recipient } | { ok: false; message: string } {
  const value = raw.trim();
  if (!value) return { ok: false, message: IDENTIFIER_REQUIRED_MESSAGE };
  if (value.includes('@')) {
    const email = zEmail.safeParse(value);
    return email.success ? { ok: true, recipient: { email: email.data } } : { ok: false, message: email.error.issues[0].message };
  }
  // Spaces, dashes, dots and parentheses are how people write numbers, not part of them.
  const phone = zPhone.safeParse(normalizePhone(value));
  return phone.success ? { ok: true, recipient: { phone: phone.data } } : { ok: false, message: phone.error.issues[0].message };
}

/** Server field paths that concern the identifier, whatever object they sit in. */
export const IDENTIFIER_FIELD_PATHS = ['email', 'phone', 'credentials', 'credentials.email', 'credentials.phone'] as const;
