import { and, eq, lt, sql } from 'drizzle-orm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  PARK_COUNTRIES,
  PARK_COUNTRY_CODES,
  SIGNUP_PENDING_HOURS,
  type TRegisterParsed,
  type TRegisterVerify,
  type TSentCode,
  type TSignupOptions,
} from '@flotte/contract';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN, uuidv7 } from '../../platform/ids.ts';
import type { AccessDeps, ClientInfo } from '../access/access.deps.ts';
import { identifierOf, maskDestination } from '../access/identity.ts';
import { sendLimited } from '../access/otp.service.ts';
import { hashSecret, newOtp, otpDigest, sameDigest } from '../access/secrets.ts';
import { openSession, type IssuedSession } from '../access/session.service.ts';
import { contactsWithAccount, insertOwnerAccount } from '../access/owner-account.ts';
import { codeMessage, knownContactMessage } from './signup.messages.ts';
import { signups } from './signup.tables.ts';

/**
 * Sign-up (issue 16): the form is kept as a pending sign-up and a code goes to the phone or email
 * chosen; the right code creates the owner, his park and his profile in one transaction and opens
 * his session, as the sign-in code does. Nothing is created before, and an unconfirmed sign-up is
 * forgotten after SIGNUP_PENDING_HOURS.
 *
 * The answer never says whether a contact already has an account: for a known contact the sign-up
 * is kept (never confirmable), the contact's owner is told, and the caller sees the same answer.
 */
export interface SignupDeps extends AccessDeps {
  /** FLOTTE_SIGNUP: closed, every sign-up call answers SIGNUP_CLOSED. */
  open: boolean;
}

export function signupOptions(open: boolean): TSignupOptions {
  return { open, countries: PARK_COUNTRY_CODES.map((code) => ({ code, ...PARK_COUNTRIES[code] })) };
}

function assertOpen(deps: SignupDeps) {
  if (!deps.open) throw new AppError('SIGNUP_CLOSED');
}

type SignupRow = typeof signups.$inferSelect;

async function findPending(deps: SignupDeps, id: string): Promise<SignupRow | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await deps.db.select().from(signups).where(eq(signups.id, id)).limit(1);
  return row && row.pendingUntil.getTime() > Date.now() ? row : undefined;
}

function sentCode(row: Pick<SignupRow, 'id' | 'channel' | 'recipient'>): TSentCode {
  return {
    code: row.id,
    canal_type: row.channel,
    sent_to: maskDestination(row.channel === 'email' ? 'email' : 'phone', row.recipient),
    expires_in: OTP_TTL_SECONDS,
  };
}

/** Sends the code, or, for a known contact, counts a send and tells the contact's owner. */
async function deliver(deps: SignupDeps, row: Pick<SignupRow, 'channel' | 'recipient' | 'contactKnown' | 'email' | 'phone'>, otp: string, notify: boolean) {
  const to = { channel: row.channel, to: row.recipient };
  if (!row.contactKnown) return sendLimited(deps, to, codeMessage(otp));
  // The address the code would have gone to counts one send, as a code would: told there if it is
  // the known contact, sent nothing if not.
  const known = notify ? await knownContacts(deps, row.email, row.phone) : [];
  const own = known.find((k) => k.to === row.recipient);
  await sendLimited(deps, to, own ? knownContactMessage(own.channel, deps.publicUrl) : null);
  for (const contact of known) {
    // The form's other contact, if it has an account too; past its limit, silently not told again.
    if (contact !== own) await sendLimited(deps, contact, knownContactMessage(contact.channel, deps.publicUrl)).catch(() => undefined);
  }
}

async function knownContacts(deps: SignupDeps, email: string | null, phone: string | null) {
  const known = await contactsWithAccount(deps.db, { email, phone });
  return known.map((id) => ({ channel: id.kind === 'email' ? ('email' as const) : ('sms' as const), to: id.value }));
}

/** POST /api/register: keeps the form, sends the code. */
export async function register(deps: SignupDeps, body: TRegisterParsed): Promise<TSentCode> {
  assertOpen(deps);
  // Forgotten sign-ups go as new ones come (the index on pending_until keeps this cheap).
  await deps.db.delete(signups).where(lt(signups.pendingUntil, new Date()));

  const email = body.email ? identifierOf({ email: body.email }).value : null;
  const phone = body.phone ? identifierOf({ phone: body.phone }).value : null;
  const channel = body.canal_type ?? (phone ? 'sms' : 'email');
  const recipient = channel === 'sms' ? phone! : email!;
  const contactKnown = (await knownContacts(deps, email, phone)).length > 0;
  // Hashed whatever the outcome, so a known contact takes as long to answer as a new one.
  const passwordHash = await hashSecret(body.password);
  const id = uuidv7();
  const otp = newOtp();
  const row = {
    id,
    ownerType: body.owner_type,
    etsName: body.owner_type === 'professionnel' ? (body.ets_name ?? null) : null,
    firstName: body.first_name,
    lastName: body.last_name,
    email,
    phone,
    passwordHash,
    parkName: body.park.name,
    city: body.park.city,
    countryCode: body.park.country_code,
    channel,
    recipient,
    // A known contact's sign-up gets a digest no code matches.
    secretHash: otpDigest(deps.jwtSecret, id, contactKnown ? `${otp}:${uuidv7()}` : otp),
    contactKnown,
    codeExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    pendingUntil: new Date(Date.now() + SIGNUP_PENDING_HOURS * 3_600_000),
  } satisfies typeof signups.$inferInsert;
  await deliver(deps, row, otp, true);
  await deps.db.insert(signups).values(row);
  return sentCode(row);
}

/** POST /api/register/resend-otp: new digits, new 10 minutes, tries back to 5. */
export async function resendSignupCode(deps: SignupDeps, code: string): Promise<TSentCode> {
  assertOpen(deps);
  const row = await findPending(deps, code);
  if (!row) throw new AppError('OTP_EXPIRED', { message: 'Aucune inscription en cours. Recommencez la création du compte.' });
  const otp = newOtp();
  await deliver(deps, row, otp, false);
  await deps.db
    .update(signups)
    .set({
      secretHash: otpDigest(deps.jwtSecret, row.id, row.contactKnown ? `${otp}:${uuidv7()}` : otp),
      attempts: 0,
      codeExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    })
    .where(eq(signups.id, row.id));
  return sentCode(row);
}

/**
 * POST /api/register/verify-otp: the right code creates the account and opens its session. The
 * attempt is taken before the comparison, in one statement, so parallel guesses can't exceed 5;
 * the sign-up is claimed (deleted) in the transaction that creates the account, so a code can
 * create one account only.
 */
export async function verifySignup(deps: SignupDeps, body: TRegisterVerify, client: ClientInfo): Promise<IssuedSession> {
  assertOpen(deps);
  const row = await findPending(deps, body.code);
  if (!row) throw new AppError('OTP_INVALID');
  if (row.codeExpiresAt.getTime() <= Date.now()) throw new AppError('OTP_EXPIRED');
  const [taken] = await deps.db
    .update(signups)
    .set({ attempts: sql`${signups.attempts} + 1` })
    .where(and(eq(signups.id, row.id), lt(signups.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ attempts: signups.attempts, secretHash: signups.secretHash });
  if (!taken) throw new AppError('OTP_LOCKED');
  if (!sameDigest(taken.secretHash, otpDigest(deps.jwtSecret, row.id, body.otp))) {
    const left = OTP_MAX_ATTEMPTS - taken.attempts;
    if (left <= 0) throw new AppError('OTP_LOCKED');
    throw new AppError('OTP_INVALID', {
      message: `Code OTP incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`,
      data: { attempts_left: left },
    });
  }

  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx.delete(signups).where(eq(signups.id, row.id)).returning();
      if (!claimed) throw new AppError('OTP_EXPIRED');
      const { user } = await insertOwnerAccount(tx, {
        ownerType: claimed.ownerType,
        companyName: claimed.etsName,
        firstName: claimed.firstName,
        lastName: claimed.lastName,
        email: claimed.email,
        phone: claimed.phone,
        passwordHash: claimed.passwordHash,
        park: { name: claimed.parkName, city: claimed.city, countryCode: claimed.countryCode as keyof typeof PARK_COUNTRIES },
      });
      return user.id;
    });
  } catch (err) {
    // The contact was free when the form was sent and an account took it since.
    if (isUniqueViolation(err)) throw new AppError('CONTACT_TAKEN');
    throw err;
  }
  return openSession(deps, { userId, loginType: 'proprietaire', client });
}
