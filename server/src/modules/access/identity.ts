import { normalizePhone } from '@flotte/contract';

/** How a person names their account: an email or an E.164 phone. */
export type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

export function identifierOf(input: { email?: string; phone?: string }): Identifier {
  if (input.email) return { kind: 'email', value: input.email.trim().toLowerCase() };
  const digits = normalizePhone(input.phone ?? '');
  return { kind: 'phone', value: digits.startsWith('+') ? digits : `+${digits}` };
}

/** Show where a code went without revealing the whole address: o***r@flotte.demo, +237*****001. */
export function maskDestination(kind: 'email' | 'phone', value: string): string {
  if (kind === 'email') {
    const [local, domain] = value.split('@');
    const head = local.slice(0, 1);
    const tail = local.length > 2 ? local.slice(-1) : '';
    return `${head}***${tail}@${domain}`;
  }
  return `${value.slice(0, 4)}${'*'.repeat(Math.max(0, value.length - 7))}${value.slice(-3)}`;
}
