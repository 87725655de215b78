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
