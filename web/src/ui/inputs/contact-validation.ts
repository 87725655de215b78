import { zEmail, zPhone } from '@flotte/contract/formats';

/**
 * The contract's phone and email rules with their French messages (spec 002 section 5), as field
 * errors: null when the value is fine. An empty optional field is fine; an empty required one
 * gets the "requis" message, anything else the format message.
 */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

export function phoneError(value: string, required = false): string | null {
  if (!value.trim() && !required) return null;
  return firstMessage(zPhone.safeParse(value));
}

export function emailError(value: string, required = false): string | null {
  if (!value.trim() && !required) return null;
  return firstMessage(zEmail.safeParse(value));
}
