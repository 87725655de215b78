/** What a person receives during sign-up: the code, or, for a contact that has an account, a word about it. */

export function codeMessage(otp: string) {
  return {
    subject: 'Votre code pour créer votre compte Flotte',
    text: `Votre code pour créer votre compte Flotte est ${otp}. Il expire dans 10 minutes. Ne le partagez avec personne.`,
    otp,
  };
}

/**
 * Sent instead of a code when the email or phone of a sign-up already has an account: its owner
 * learns of the attempt and how to get in, and whoever filled the form learns nothing.
 */
export function knownContactMessage(channel: 'sms' | 'email', appUrl?: string) {
  const where = channel === 'email' ? 'cette adresse email' : 'ce numéro de téléphone';
  const open = appUrl ? `Ouvrez Flotte (${appUrl}/auth/login)` : 'Ouvrez Flotte';
  const text =
    `Quelqu'un a demandé à créer un compte Flotte avec ${where}, qui a déjà un compte. ` +
    `Si c'est vous, inutile d'en créer un autre : ${open} et connectez-vous, ou choisissez « Mot de passe oublié ? ». ` +
    `Sinon, ignorez ce message.`;
  return { subject: 'Votre compte Flotte existe déjà', text };
}

/**
 * The invitation of an owner created by an operator (`owner:create`). Like an administrator's, it
 * holds no link that opens the account: « Mot de passe oublié ? » and its code prove the contact.
 */
export function ownerInvitationMessage(v: { channel: 'sms' | 'email'; to: string; firstName: string; parkName: string; appUrl: string }) {
  const where = v.channel === 'email' ? 'cette adresse email' : 'ce numéro de téléphone';
  if (v.channel === 'sms') {
    return {
      channel: 'sms' as const,
      to: v.to,
      text:
        `Flotte : votre compte de propriétaire du parc ${v.parkName} est prêt. Ouvrez ${v.appUrl}/auth/forgot-password, entrez ${where} ` +
        'et saisissez le code reçu pour choisir votre mot de passe. Connectez-vous ensuite en tant que Propriétaire.',
    };
  }
  return {
    channel: 'email' as const,
    to: v.to,
    subject: `Votre parc ${v.parkName} est prêt sur Flotte`,
    text: [
      v.firstName ? `Bonjour ${v.firstName},` : 'Bonjour,',
      '',
      `Votre compte de propriétaire du parc ${v.parkName} a été créé sur Flotte.`,
      '',
      'Pour vous connecter la première fois :',
      `1. Ouvrez ${v.appUrl}/auth/forgot-password et entrez ${where}.`,
      '2. Saisissez le code reçu, puis choisissez votre mot de passe.',
      '3. Connectez-vous en tant que Propriétaire, puis choisissez votre code PIN.',
      '',
      "Si vous ne vous attendiez pas à ce message, vous pouvez l'ignorer.",
    ].join('\n'),
  };
}
