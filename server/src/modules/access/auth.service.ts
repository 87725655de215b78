import type {
  TForgotPassword,
  TForgotPasswordVerifyOtp,
  TLogin,
  TLoginAnswer,
  TResendOtp,
  TResetPassword,
  TVerifyOtp,
} from '@flotte/contract';
import { OTP_TTL_SECONDS } from '@flotte/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { AccessDeps, ClientInfo } from './access.deps.ts';
import { otpChallenges, users } from './access.tables.ts';
import * as q from './access.queries.ts';
import { identifierOf, maskDestination } from './identity.ts';
import { checkCode, issueChallenge, reissueChallenge, type SentCode } from './otp.service.ts';
import { hashSecret, newOpaqueToken, tokenDigest, verifySecret } from './secrets.ts';
import { openSession, type IssuedSession } from './session.service.ts';

/** How long a verified reset code lets the person choose a new password. */
const RESET_GRANT_TTL_MS = 15 * 60 * 1000;

/** Step 1 of sign-in: the password, then a one-time code to the phone or email used. */
export async function login(deps: AccessDeps, body: TLogin): Promise<TLoginAnswer> {
  const id = identifierOf(body.credentials);
  const user = await q.findUserByIdentifier(deps.db, id);
  const valid = await verifySecret(user?.passwordHash, body.credentials.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED');
  const profiles = await q.listProfiles(deps.db, user.id, body.type);
  if (profiles.length === 0) throw new AppError('NO_PROFILE_FOR_TYPE');
  const sent = await issueChallenge(deps, { user, id, purpose: 'login', loginType: body.type });
  return { otp_required: true, ...sent };
}

/** Step 2: the code opens a session. */
export async function verifyLoginOtp(deps: AccessDeps, body: TVerifyOtp, client: ClientInfo): Promise<IssuedSession> {
  const id = identifierOf(body);
  const challenge = await q.findChallenge(deps.db, body.code);
  // A code for another person or purpose reads as wrong, telling nothing about it.
  if (!challenge || challenge.purpose !== 'login' || challenge.recipient !== id.value) throw new AppError('OTP_INVALID');
  await checkCode(deps, challenge, body.otp);
  return openSession(deps, { userId: challenge.userId, loginType: challenge.loginType ?? 'proprietaire', client });
}

export async function resendOtp(deps: AccessDeps, body: TResendOtp): Promise<SentCode> {
  const id = identifierOf(body);
  const challenge = body.code
    ? await q.findChallenge(deps.db, body.code)
    : await q.latestOpenChallenge(deps.db, id.value, ['login', 'forgot_password']);
  // A driver's sign-in has its own resend, which answers an unknown phone the same way; here,
  // finding his challenge would tell that the phone is a driver's.
  const open =
    challenge &&
    challenge.recipient === id.value &&
    !challenge.consumedAt &&
    challenge.loginType !== 'driver' &&
    (challenge.purpose === 'login' || challenge.purpose === 'forgot_password');
  if (!open) throw new AppError('OTP_EXPIRED', { message: 'Aucune demande de code en cours. Recommencez la connexion.' });
  const user = await q.findUserById(deps.db, challenge.userId);
  if (!user) throw new AppError('OTP_EXPIRED');
  return reissueChallenge(deps, { challenge, user, id, canal: body.canal_type });
}

/**
 * Forgot password: the same answer whether or not the account exists, so the form can't be used
 * to find out who has one.
 */
export async function forgotPassword(deps: AccessDeps, body: TForgotPassword): Promise<SentCode> {
  const id = identifierOf(body);
  const user = await q.findUserByIdentifier(deps.db, id);
  if (!user || user.disabledAt) {
    return { code: uuidv7(), canal_type: id.kind === 'email' ? 'email' : 'sms', sent_to: maskDestination(id.kind, id.value), expires_in: OTP_TTL_SECONDS };
  }
  return issueChallenge(deps, { user, id, purpose: 'forgot_password' });
}

/** A right reset code buys a one-time grant (`code`) to set the new password. */
export async function verifyForgotPasswordOtp(deps: AccessDeps, body: TForgotPasswordVerifyOtp): Promise<{ code: string }> {
  const id = identifierOf(body);
  const challenge = await q.latestOpenChallenge(deps.db, id.value, ['forgot_password']);
  if (!challenge) throw new AppError('OTP_EXPIRED');
  await checkCode(deps, challenge, body.otp);
  const grant = newOpaqueToken();
  await deps.db.insert(otpChallenges).values({
    userId: challenge.userId,
    purpose: 'password_reset_grant',
    channel: challenge.channel,
    recipient: id.value,
    secretHash: tokenDigest(grant),
    expiresAt: new Date(Date.now() + RESET_GRANT_TTL_MS),
  });
  return { code: grant };
}

/** Sets the new password and signs the account out everywhere. */
export async function resetPassword(deps: AccessDeps, body: TResetPassword): Promise<void> {
  const id = identifierOf(body);
  const [grant] = await deps.db
    .select()
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.recipient, id.value),
        eq(otpChallenges.purpose, 'password_reset_grant'),
        eq(otpChallenges.secretHash, tokenDigest(body.code)),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!grant || !(await q.consumeChallenge(deps.db, grant.id))) throw new AppError('OTP_EXPIRED');
  await deps.db.update(users).set({ passwordHash: await hashSecret(body.password) }).where(eq(users.id, grant.userId));
  await q.revokeAllSessions(deps.db, grant.userId, 'password_reset');
}
