import { LOGIN_TYPE_LABELS, type TLoginType } from '@flotte/contract';
import type { OutgoingMessage } from '../../platform/notifier/notifier.types.ts';

/**
 * The message a new park administrator receives. There is no invitation link: a person without a
 * password gets in through the ordinary "Mot de passe oublié ?" flow, whose code proves they own
 * the address, so we never send anything that would open the account by itself.
 */
export interface Invitation {
  channel: 'email' | 'sms';
  to: string;
  firstName: string;
  parkName: string;
  inviterName: string;
  /** The login type of the new profile: the person chooses it on the sign-in screen. */
  type: string;
  /** The account has no password yet. */
  needsPassword: boolean;
  /** The app's address (PUBLIC_URL); the message links to its sign-in or password screen. */
  appUrl?: string;
}

export function invitationMessage(v: Invitation): OutgoingMessage {
  const as = LOGIN_TYPE_LABELS[v.type as TLoginType] ?? v.type;
  const who = v.inviterName.trim() || 'Le propriétaire du parc';
  const where = v.channel === 'email' ? 'cette adresse email' : 'ce numéro de téléphone';
  // A link to the screen the person needs, never one that signs in by itself.
  const open = v.appUrl ? `Ouvrez Flotte (${v.appUrl}${v.needsPassword ? '/auth/forgot-password' : '/auth/login'})` : 'Ouvrez Flotte';
  if (v.channel === 'sms') {
    const how = v.needsPassword
      ? `${open}, choisissez « Mot de passe oublié ? », entrez ${where} et saisissez le code reçu pour choisir votre mot de passe. Connectez-vous ensuite en tant que ${as}.`
      : `${open} et connectez-vous en tant que ${as} avec votre mot de passe habituel.`;
    return { channel: 'sms', to: v.to, text: `Flotte : ${who} vous a ajouté comme administrateur du parc ${v.parkName}. ${how}` };
  }
  const steps = v.needsPassword
    ? [
        'Pour vous connecter :',
        `1. ${open}.`,
        '2. Choisissez « Mot de passe oublié ? » et entrez cette adresse email.',
        '3. Saisissez le code reçu, puis choisissez votre mot de passe.',
        `4. Connectez-vous en tant que ${as}.`,
      ]
    : [`${open} et connectez-vous en tant que ${as} avec votre mot de passe habituel : le parc ${v.parkName} apparaît parmi vos parcs.`];
  return {
    channel: 'email',
    to: v.to,
    subject: `Invitation à administrer le parc ${v.parkName} sur Flotte`,
    text: [
      `Bonjour ${v.firstName},`,
      '',
      `${who} vous a ajouté comme administrateur du parc ${v.parkName} sur Flotte.`,
      '',
      ...steps,
      '',
      "Si vous ne vous attendiez pas à ce message, vous pouvez l'ignorer.",
    ].join('\n'),
  };
}
