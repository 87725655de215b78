import { REFRESH_TOKEN_TTL_DAYS, type TSession } from '@flotte/contract';
import { signAccessToken } from '../../platform/auth/access-token.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessDeps, ClientInfo } from './access.deps.ts';
import { refreshTokens } from './access.tables.ts';
import * as q from './access.queries.ts';
import { newOpaqueToken, tokenDigest } from './secrets.ts';

/**
 * Sessions are refresh-token families. Each refresh spends the presented token and issues the
 * next; presenting a spent token again means it was copied, so the whole family is revoked.
 */
export interface IssuedSession extends Omit<TSession, 'refresh_token'> {
  refresh_token: string;
  session_id: string;
}

async function issueRefreshToken(deps: AccessDeps, sessionId: string): Promise<string> {
  const token = newOpaqueToken();
  await deps.db.insert(refreshTokens).values({
    sessionId,
    tokenHash: tokenDigest(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return token;
}

async function answer(
  deps: AccessDeps,
  s: { sessionId: string; userId: string; loginType: string; profileId: string | null; parkId: string | null },
  refreshToken: string,
): Promise<IssuedSession> {
  const user = await q.findUserById(deps.db, s.userId);
  const { token, expiresIn } = await signAccessToken(deps.jwtSecret, s);
  return {
    token,
    refresh_token: refreshToken,
    expires_in: expiresIn,
    user_type: s.loginType as TSession['user_type'],
    profile_id: s.profileId ?? '',
    park_id: s.parkId,
    has_pin_code: !!user?.pinHash,
    session_id: s.sessionId,
  };
}

/** Opens a session for a user signing in as a login type, acting first as their main profile. */
export async function openSession(
  deps: AccessDeps,
  v: { userId: string; loginType: string; client: ClientInfo },
): Promise<IssuedSession> {
  const [main] = await q.listProfiles(deps.db, v.userId, v.loginType);
  if (!main) throw new AppError('NO_PROFILE_FOR_TYPE');
  const session = await q.createSession(deps.db, {
    userId: v.userId,
    loginType: v.loginType,
    profileId: main.profile.id,
    userAgent: v.client.userAgent?.slice(0, 300),
    ip: v.client.ip,
  });
  const refresh = await issueRefreshToken(deps, session.id);
  return answer(
    deps,
    { sessionId: session.id, userId: v.userId, loginType: v.loginType, profileId: main.profile.id, parkId: main.park.id },
    refresh,
  );
}

export async function refreshSession(deps: AccessDeps, presented: string | undefined): Promise<IssuedSession> {
  if (!presented) throw new AppError('REFRESH_FAILED');
  const found = await q.findRefreshToken(deps.db, tokenDigest(presented));
  if (!found) throw new AppError('REFRESH_FAILED');
  const { token, session } = found;
  if (session.revokedAt) throw new AppError('REFRESH_FAILED');
  if (token.rotatedAt || !(await q.rotateRefreshToken(deps.db, token.id))) {
    await q.revokeSession(deps.db, session.id, 'refresh_token_reuse');
    throw new AppError('REFRESH_FAILED');
  }
  if (token.expiresAt.getTime() <= Date.now()) throw new AppError('REFRESH_FAILED');
  const user = await q.findUserById(deps.db, session.userId);
  if (!user || user.disabledAt) throw new AppError('REFRESH_FAILED');
  const next = await issueRefreshToken(deps, session.id);
  const profiles = await q.listProfiles(deps.db, session.userId, session.loginType);
  const current = profiles.find((p) => p.profile.id === session.profileId) ?? profiles[0];
  return answer(
    deps,
    {
      sessionId: session.id,
      userId: session.userId,
      loginType: session.loginType,
      profileId: current?.profile.id ?? null,
      parkId: current?.park.id ?? null,
    },
    next,
  );
}

/** Sign-out: ends the session that the token or refresh token belongs to. */
export async function closeSession(deps: AccessDeps, v: { sessionId?: string; refreshToken?: string }): Promise<void> {
  if (v.sessionId) return q.revokeSession(deps.db, v.sessionId, 'logout');
  if (v.refreshToken) {
    const found = await q.findRefreshToken(deps.db, tokenDigest(v.refreshToken));
    if (found) await q.revokeSession(deps.db, found.session.id, 'logout');
  }
}
