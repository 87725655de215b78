import { and, eq } from 'drizzle-orm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
} from '@flotte/contract';
import { AppError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { AccessDeps } from './access.deps.ts';
import { otpChallenges } from './access.tables.ts';
import * as q from './access.queries.ts';
import type { ChallengeRow, UserRow } from './access.queries.ts';
import { maskDestination, type Identifier } from './identity.ts';
import { newOtp, otpDigest, sameDigest } from './secrets.ts';

/**
 * One-time codes: 6 digits, 10 minutes, 5 tries, at most 3 sends per 15 minutes to one address.
 * A challenge is keyed by what the person typed (identifier); the code goes to the channel they
 * asked for, when the account has that contact.
 */
export type Purpose = 'login' | 'forgot_password';

const TEXTS: Record<Purpose, (otp: string) => { subject: string; text: string }> = {
  login: (otp) => ({
    subject: 'Votre code de connexion Flotte',
    text: `Votre code de connexion Flotte est ${otp}. Il expire dans 10 minutes. Ne le partagez avec personne.`,
  }),
  forgot_password: (otp) => ({
    subject: 'Réinitialisation de votre mot de passe Flotte',
    text: `Votre code de réinitialisation Flotte est ${otp}. Il expire dans 10 minutes. Si vous n'avez rien demandé, ignorez ce message.`,
  }),
};

export interface SentCode {
  code: string;
  canal_type: 'sms' | 'email';
  sent_to: string;
  expires_in: number;
}

/** Where a code for this user goes on a channel; the identifier's own channel by default. */
function destination(user: UserRow, id: Identifier, canal?: 'sms' | 'email'): { channel: 'sms' | 'email'; to: string } {
  const wanted = canal ?? (id.kind === 'email' ? 'email' : 'sms');
  if (wanted === 'email' && user.email) return { channel: 'email', to: user.email };
  if (wanted === 'sms' && user.phone) return { channel: 'sms', to: user.phone };
  return id.kind === 'email' ? { channel: 'email', to: id.value } : { channel: 'sms', to: id.value };
}

async function deliver(deps: AccessDeps, to: { channel: 'sms' | 'email'; to: string }, purpose: Purpose, otp: string) {
  await sendLimited(deps, to, { ...TEXTS[purpose](otp), otp });
}

/**
 * Sends a message that carries (or stands for) a one-time code, within the limit of codes per
 * address and window: past it, OTP_SEND_LIMIT and nothing is sent. `message: null` counts a send
 * without sending anything, for answers that must look like a sent code (sign-up of a known
 * contact).
 */
export async function sendLimited(
  deps: AccessDeps,
  to: { channel: 'sms' | 'email'; to: string },
  message: { subject: string; text: string; otp?: string } | null,
): Promise<void> {
  const since = new Date(Date.now() - OTP_SEND_WINDOW_SECONDS * 1000);
  if ((await q.countRecentSends(deps.db, to.to, since)) >= (deps.otpMaxSends ?? OTP_MAX_SENDS)) throw new AppError('OTP_SEND_LIMIT');
  await q.recordSend(deps.db, to.to);
  if (message) await deps.notifier.send({ channel: to.channel, to: to.to, ...message });
}

export async function issueChallenge(
  deps: AccessDeps,
  v: { user: UserRow; id: Identifier; purpose: Purpose; loginType?: string; canal?: 'sms' | 'email' },
): Promise<SentCode> {
  const to = destination(v.user, v.id, v.canal);
  const otp = newOtp();
  const challengeId = uuidv7();
  await deliver(deps, to, v.purpose, otp);
  await deps.db.insert(otpChallenges).values({
    id: challengeId,
    userId: v.user.id,
    purpose: v.purpose,
    loginType: v.loginType,
    channel: to.channel,
    recipient: v.id.value,
    secretHash: otpDigest(deps.jwtSecret, challengeId, otp),
    expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
  });
  return { code: challengeId, canal_type: to.channel, sent_to: maskDestination(to.channel === 'email' ? 'email' : 'phone', to.to), expires_in: OTP_TTL_SECONDS };
}

/** A fresh code on an open challenge: new digits, new 10 minutes, tries back to 5. */
export async function reissueChallenge(
  deps: AccessDeps,
  v: { challenge: ChallengeRow; user: UserRow; id: Identifier; canal?: 'sms' | 'email' },
): Promise<SentCode> {
  const purpose = v.challenge.purpose as Purpose;
  const to = destination(v.user, v.id, v.canal);
  const otp = newOtp();
  await deliver(deps, to, purpose, otp);
  await deps.db
    .update(otpChallenges)
    .set({
      secretHash: otpDigest(deps.jwtSecret, v.challenge.id, otp),
      attempts: 0,
      channel: to.channel,
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    })
    .where(and(eq(otpChallenges.id, v.challenge.id)));
  return { code: v.challenge.id, canal_type: to.channel, sent_to: maskDestination(to.channel === 'email' ? 'email' : 'phone', to.to), expires_in: OTP_TTL_SECONDS };
}

/**
 * Checks a code against a challenge and spends it on success. The attempt is taken before the
 * comparison, in one statement, so parallel guesses can't exceed 5.
 */
export async function checkCode(deps: AccessDeps, challenge: ChallengeRow, otp: string): Promise<void> {
  if (challenge.consumedAt || challenge.expiresAt.getTime() <= Date.now()) throw new AppError('OTP_EXPIRED');
  const taken = await q.takeAttempt(deps.db, challenge.id, OTP_MAX_ATTEMPTS);
  if (!taken) throw new AppError('OTP_LOCKED');
  if (!sameDigest(taken.secretHash, otpDigest(deps.jwtSecret, challenge.id, otp))) {
    const left = OTP_MAX_ATTEMPTS - taken.attempts;
    if (left <= 0) throw new AppError('OTP_LOCKED');
    throw new AppError('OTP_INVALID', {
      message: `Code OTP incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`,
      data: { attempts_left: left },
    });
  }
  if (!(await q.consumeChallenge(deps.db, challenge.id))) throw new AppError('OTP_EXPIRED');
}
