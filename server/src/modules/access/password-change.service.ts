import { and, eq, isNull, ne } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { AccessDeps } from './access.deps.ts';
import { sessions, users } from './access.tables.ts';
import * as q from './access.queries.ts';
import { hashSecret, verifySecret } from './secrets.ts';

/**
 * A signed-in person changes their password with the current one. Every other session of the
 * account ends (a device someone else holds loses access); the one making the change goes on.
 */
export async function changePassword(
  deps: AccessDeps,
  v: { userId: string; sessionId: string; password: string; newPassword: string },
): Promise<void> {
  const user = await q.findUserById(deps.db, v.userId);
  if (!user || !(await verifySecret(user.passwordHash, v.password))) throw new AppError('OLD_PASSWORD_INCORRECT');
  const passwordHash = await hashSecret(v.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, v.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password_changed' })
      .where(and(eq(sessions.userId, v.userId), ne(sessions.id, v.sessionId), isNull(sessions.revokedAt)));
  });
}
