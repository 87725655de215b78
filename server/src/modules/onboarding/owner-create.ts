import { z } from 'zod';
import { PARK_COUNTRIES, ZParkCountryCode, zCity, zEmail, zParkName, zPhone, type TParkCountryCode } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Notifier } from '../../platform/notifier/notifier.types.ts';
import { identifierOf } from '../access/identity.ts';
import { contactsWithAccount, createOwnerAccount } from '../access/owner-account.ts';
import { ownerInvitationMessage } from './signup.messages.ts';

/**
 * `npm run owner:create`: an operator creates a fleet owner and his park on the configured
 * database, as a confirmed sign-up would, but without a password: the owner receives an
 * invitation through the notifier and chooses his password with « Mot de passe oublié ? », whose
 * code proves the contact is his. The arguments are checked with the sign-up's own rules.
 */

/** Each country's main city, when the operator gives none. */
const MAIN_CITY: Record<TParkCountryCode, string> = { CM: 'Douala', CI: 'Abidjan', CD: 'Kinshasa', SN: 'Dakar', TG: 'Lomé' };

const zName = z.string().trim().min(1).max(50);
export const ZOwnerCommand = z
  .object({
    email: zEmail.optional(),
    phone: zPhone.optional(),
    park: zParkName,
    country: ZParkCountryCode,
    city: zCity.optional(),
    'first-name': zName.optional(),
    'last-name': zName.optional(),
    type: z.enum(['particulier', 'professionnel'], { error: 'Type de compte : particulier ou professionnel' }).default('particulier'),
    company: z.string().trim().min(2).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Donnez --email ou --phone (ou les deux)' });
  });
export type OwnerCommand = z.output<typeof ZOwnerCommand>;

/** The arguments as the command received them, or the French lines that say what is wrong. */
export function parseOwnerCommand(values: Record<string, string | undefined>): { ok: true; value: OwnerCommand } | { ok: false; errors: string[] } {
  const present = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZOwnerCommand.safeParse(present);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: parsed.error.issues.map((i) => `--${i.path.join('.') || '?'} : ${i.message}`) };
}

export interface OwnerCreated {
  userId: string;
  parkId: string;
  parkCode: string;
  /** Where the invitation went. */
  invitedAt: { channel: 'sms' | 'email'; to: string };
}

export class ContactTakenError extends Error {}

export async function createOwnerFromCommand(db: Db, notifier: Notifier, cmd: OwnerCommand, appUrl: string): Promise<OwnerCreated> {
  const email = cmd.email ? identifierOf({ email: cmd.email }).value : null;
  const phone = cmd.phone ? identifierOf({ phone: cmd.phone }).value : null;
  const [taken] = await contactsWithAccount(db, { email, phone });
  if (taken) {
    const which = taken.kind === 'email' ? `l'email ${taken.value}` : `le téléphone ${taken.value}`;
    throw new ContactTakenError(`Un compte existe déjà avec ${which} : rien n'a été créé.`);
  }
  const country = cmd.country;
  const { user, park } = await createOwnerAccount(db, {
    ownerType: cmd.type,
    companyName: cmd.company ?? null,
    firstName: cmd['first-name'] ?? '',
    lastName: cmd['last-name'] ?? '',
    email,
    phone,
    passwordHash: null,
    park: { name: cmd.park, city: cmd.city ?? MAIN_CITY[country], countryCode: country },
  });
  const invitedAt = email ? { channel: 'email' as const, to: email } : { channel: 'sms' as const, to: phone! };
  await notifier.send(ownerInvitationMessage({ ...invitedAt, firstName: cmd['first-name'] ?? '', parkName: park.name, appUrl }));
  return { userId: user.id, parkId: park.id, parkCode: park.code, invitedAt };
}

/** What the operator reads once the owner exists. */
export function howToSignIn(created: OwnerCreated, cmd: OwnerCommand, appUrl: string): string {
  const contact = created.invitedAt.to;
  const country = PARK_COUNTRIES[cmd.country];
  return [
    `Propriétaire créé : parc « ${cmd.park} » (code ${created.parkCode}, ${country.name}, ${country.currency}).`,
    `Invitation envoyée par ${created.invitedAt.channel === 'email' ? 'email' : 'SMS'} à ${contact}.`,
    'Pour se connecter la première fois :',
    `  1. ouvrir ${appUrl}/auth/forgot-password et entrer ${contact} ;`,
    '  2. saisir le code reçu, puis choisir son mot de passe ;',
    `  3. se connecter sur ${appUrl}/auth/login en tant que Propriétaire, puis choisir son code PIN.`,
  ].join('\n');
}
