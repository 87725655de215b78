import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, TOKEN_VALIDITY_MARGIN_SECONDS } from '@flotte/contract';
import { AppError } from '../errors.ts';

/**
 * Short-lived access tokens (15 min, HS256). They carry who (sub), which session (sid) and the
 * login type; whether the session still stands is checked in the database on every request.
 */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  loginType: string;
  /** Seconds since epoch. */
  expiresAt: number;
}

const ISSUER = 'flotte';
const AUDIENCE = 'flotte-api';

export async function signAccessToken(
  secret: Uint8Array,
  claims: { userId: string; sessionId: string; loginType: string },
  now = Date.now(),
): Promise<{ token: string; expiresIn: number }> {
  const iat = Math.floor(now / 1000);
  const token = await new SignJWT({ sid: claims.sessionId, typ: claims.loginType })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret);
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/**
 * Verifies signature, issuer, audience and expiry. A token whose expiry is 20 s away or less is
 * refused too (spec: valid only with more than 20 s left), so a request never expires mid-flight.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string, now = Date.now()): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    const exp = payload.exp ?? 0;
    if (exp - now / 1000 <= TOKEN_VALIDITY_MARGIN_SECONDS) throw new AppError('TOKEN_INVALID');
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.typ !== 'string') {
      throw new AppError('TOKEN_INVALID');
    }
    return { userId: payload.sub, sessionId: payload.sid, loginType: payload.typ, expiresAt: exp };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JOSEError) throw new AppError('TOKEN_INVALID');
    throw err;
  }
}
