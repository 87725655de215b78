import { and, eq, isNull, sql } from 'drizzle-orm';
import { PIN_MAX_FAILURES } from '@flotte/contract';
import { AppError } from '../../platform/errors.ts';
import type { AccessDeps } from './access.deps.ts';
import { sessions, users } from './access.tables.ts';
import * as q from './access.queries.ts';
import { hashSecret, verifySecret } from './secrets.ts';

/**
 * The 5-digit PIN is a step-up for sensitive actions, not a way in. A verified PIN unlocks them
 * for this session for a few minutes; 5 wrong PINs in a row lock it until it is set again with
 * the password.
 */
export async function setPin(deps: AccessDeps, v: { userId: string; sessionId: string; code: string; password?: string }) {
  const user = await q.findUserById(deps.db, v.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.pinHash) {
    if (!v.password) throw new AppError('PIN_PASSWORD_REQUIRED');
    if (!(await verifySecret(user.passwordHash, v.password))) throw new AppError('WRONG_PASSWORD');
  }
  await deps.db
    .update(users)
    .set({ pinHash: await hashSecret(v.code), pinFailures: 0, pinLockedAt: null })
    .where(eq(users.id, v.userId));
  await markStepUp(deps, v.sessionId);
}

export async function verifyPin(deps: AccessDeps, v: { userId: string; sessionId: string; code: string }) {
  const user = await q.findUserById(deps.db, v.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!user.pinHash) throw new AppError('PIN_NOT_SET');
  // Reserve the attempt first: parallel guesses can't get past the limit.
  const [reserved] = await deps.db
    .update(users)
    .set({ pinFailures: sql`${users.pinFailures} + 1` })
    .where(and(eq(users.id, v.userId), isNull(users.pinLockedAt), sql`${users.pinFailures} < ${PIN_MAX_FAILURES}`))
    .returning({ failures: users.pinFailures });
  if (!reserved) throw new AppError('PIN_LOCKED');
  if (await verifySecret(user.pinHash, v.code)) {
    await deps.db.update(users).set({ pinFailures: 0 }).where(eq(users.id, v.userId));
    await markStepUp(deps, v.sessionId);
    return;
  }
  const left = PIN_MAX_FAILURES - reserved.failures;
  if (left <= 0) {
    await deps.db.update(users).set({ pinLockedAt: new Date() }).where(eq(users.id, v.userId));
    throw new AppError('PIN_LOCKED');
  }
  throw new AppError('PIN_INCORRECT', { data: { attempts_left: left } });
}

export async function verifyPassword(deps: AccessDeps, v: { userId: string; password: string }) {
  const user = await q.findUserById(deps.db, v.userId);
  if (!user || !(await verifySecret(user.passwordHash, v.password))) throw new AppError('WRONG_PASSWORD');
}

async function markStepUp(deps: AccessDeps, sessionId: string) {
  await deps.db.update(sessions).set({ pinVerifiedAt: new Date() }).where(eq(sessions.id, sessionId));
}
