import { describe, expect, it } from 'vitest';
import { createSecretBox, secretsKeyFrom } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox(secretsKeyFrom({}, new TextEncoder().encode('x'.repeat(48))));

  it('opens what it sealed, in the same context only', () => {
    const sealed = box.seal('api-key-1234', 'park-a');
    expect(sealed).not.toContain('api-key');
    expect(box.open(sealed, 'park-a')).toBe('api-key-1234');
    expect(box.open(sealed, 'park-b')).toBeNull();
  });

  it('seals the same text differently each time, and refuses an altered one', () => {
    const a = box.seal('k', 'p');
    expect(box.seal('k', 'p')).not.toBe(a);
    const parts = a.split('.');
    parts[3] = Buffer.from('zz').toString('base64url');
    expect(box.open(parts.join('.'), 'p')).toBeNull();
    expect(box.open('garbage', 'p')).toBeNull();
  });

  it('takes SECRETS_KEY over the signing secret, and refuses a short one', () => {
    const jwt = new TextEncoder().encode('y'.repeat(48));
    const other = createSecretBox(secretsKeyFrom({ SECRETS_KEY: 's'.repeat(40) }, jwt));
    expect(other.open(createSecretBox(secretsKeyFrom({}, jwt)).seal('k', 'p'), 'p')).toBeNull();
    expect(() => secretsKeyFrom({ SECRETS_KEY: 'short' }, jwt)).toThrow(/32/);
  });
});
