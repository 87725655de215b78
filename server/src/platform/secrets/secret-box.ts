import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Credentials a park gives us for an outside service (its Yango API key ...) are sealed at rest
 * with AES-256-GCM: a leaked database or backup alone doesn't hand them over. The key is
 * SECRETS_KEY when set; otherwise it is derived from the token-signing secret (HKDF), so a
 * deployment needs nothing new, and setting SECRETS_KEY later lets one rotate JWT_SECRET without
 * losing the sealed credentials (reseal them first: `open` with the old box, `seal` with the new).
 *
 * Sealed text: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the park id is bound as
 * associated data, so a sealed key copied to another park's row doesn't open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain text, or null when it doesn't open (another key, another context, altered). */
  open(sealed: string, context: string): string | null;
}

export function secretsKeyFrom(env: NodeJS.ProcessEnv, jwtSecret: Uint8Array): Uint8Array {
  const given = env.SECRETS_KEY?.trim();
  if (given) {
    if (given.length < 32) throw new Error('SECRETS_KEY must be at least 32 characters');
    return new Uint8Array(hkdfSync('sha256', given, 'flotte', 'flotte-secret-box', 32));
  }
  return new Uint8Array(hkdfSync('sha256', jwtSecret, 'flotte', 'flotte-secret-box', 32));
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('the secret box needs a 32-byte key');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
