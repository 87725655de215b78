import { OTP_TTL_SECONDS, type TDriverLogin, type TDriverResendOtp, type TDriverVerifyOtp } from '@flotte/contract';
import { AppError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { AccessDeps, ClientInfo } from '../access/access.deps.ts';
import * as q from '../access/access.queries.ts';
import { driverUserOf, syncDriverProfiles, userOfPhone } from '../access/driver-accounts.ts';
import { identifierOf, maskDestination } from '../access/identity.ts';
import { checkCode, issueChallenge, reissueChallenge, sendLimited, type SentCode } from '../access/otp.service.ts';
import { openSession, type IssuedSession } from '../access/session.service.ts';
import { liveDriversOfPhone, linkDriversToUser, liveParksOfUser } from './driver-space.queries.ts';

/**
 * A driver's sign-in, phone first (issue 22): his phone, a one-time code by SMS, then his PIN
 * (the PIN routes every account uses). His account is made here, at his first sign-in, from the
 * park's drivers of that phone (access/driver-accounts.ts says why), and brought up to date at
 * every sign-in: parks that deactivated or deleted him, or changed his phone, lose his profile.
 */

export async function driverLogin(deps: AccessDeps, body: TDriverLogin): Promise<SentCode> {
  const id = identifierOf({ phone: body.phone });
  const found = await liveDriversOfPhone(deps.db, id.value);
  const user = await deps.db.transaction(async (tx) => {
    if (!found.length) {
      // Nobody drives with this phone any more: whatever driver profiles its account kept go.
      const known = await userOfPhone(tx, id.value);
      if (known) await syncDriverProfiles(tx, known.id, await liveParksOfUser(tx, known.id));
      return null;
    }
    const account = await driverUserOf(tx, id.value, found[0]);
    const linked = await linkDriversToUser(tx, account.id, id.value, found.map((d) => d.id));
    await syncDriverProfiles(tx, account.id, linked.parkIds);
    for (const other of linked.leftUserIds) await syncDriverProfiles(tx, other, await liveParksOfUser(tx, other));
    return account;
  });
  if (!user || user.disabledAt) return seemsSent(deps, id.value);
  return issueChallenge(deps, { user, id, purpose: 'login', loginType: 'driver', canal: 'sms' });
}

/**
 * The same answer as a sent code, counted against the same limit, so the form tells nobody
 * whether a driver has this phone.
 */
async function seemsSent(deps: AccessDeps, phone: string, code: string = uuidv7()): Promise<SentCode> {
  await sendLimited(deps, { channel: 'sms', to: phone }, null);
  return { code, canal_type: 'sms', sent_to: maskDestination('phone', phone), expires_in: OTP_TTL_SECONDS };
}

/** A new code for his open sign-in; a made-up challenge (unknown phone) gets the same answer. */
export async function driverResendOtp(deps: AccessDeps, body: TDriverResendOtp): Promise<SentCode> {
  const id = identifierOf({ phone: body.phone });
  const challenge = await q.findChallenge(deps.db, body.code);
  const open = challenge && challenge.purpose === 'login' && challenge.loginType === 'driver' && challenge.recipient === id.value && !challenge.consumedAt;
  const user = open ? await q.findUserById(deps.db, challenge.userId) : undefined;
  if (!open || !user || user.disabledAt) return seemsSent(deps, id.value, body.code);
  return reissueChallenge(deps, { challenge, user, id, canal: 'sms' });
}

/** The code opens a driver session, acting as his (first) driver profile. */
export async function driverVerifyOtp(deps: AccessDeps, body: TDriverVerifyOtp, client: ClientInfo): Promise<IssuedSession> {
  const id = identifierOf({ phone: body.phone });
  const challenge = await q.findChallenge(deps.db, body.code);
  // A made-up challenge (unknown phone), another person's or another sign-in's reads as a wrong code.
  if (!challenge || challenge.purpose !== 'login' || challenge.loginType !== 'driver' || challenge.recipient !== id.value) {
    throw new AppError('OTP_INVALID');
  }
  await checkCode(deps, challenge, body.otp);
  return openSession(deps, { userId: challenge.userId, loginType: 'driver', client });
}
