import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** argon2id with the design's parameters (m=19456 KiB, t=2, p=1): about 20 ms a hash here. */
// algorithm 2 is Argon2id (a const enum in the typings, unusable with isolatedModules).
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(plain: string): Promise<string> {
  return argonHash(plain, ARGON);
}

export async function verifySecret(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed) {
    // Same cost whether or not the account exists, so timing tells nothing.
    await argonHash(plain, ARGON);
    return false;
  }
  try {
    return await argonVerify(hashed, plain);
  } catch {
    return false;
  }
}

/** A 6-digit one-time code from the CSPRNG. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * One-time codes are short, so they are stored as a keyed hash: a leaked table alone doesn't let
 * anyone try the million codes offline.
 */
export function otpDigest(key: Uint8Array, challengeId: string, otp: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${otp}`).digest('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Long random tokens (refresh tokens, reset grants): unguessable, so a plain SHA-256 suffices. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
