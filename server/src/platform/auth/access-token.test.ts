import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { signAccessToken, verifyAccessToken } from './access-token.ts';

const secret = new TextEncoder().encode('x'.repeat(48));
const claims = { userId: 'u1', sessionId: 's1', loginType: 'proprietaire' };

describe('access tokens', () => {
  it('verify what we signed', async () => {
    const { token, expiresIn } = await signAccessToken(secret, claims);
    expect(expiresIn).toBe(900);
    expect(await verifyAccessToken(secret, token)).toMatchObject(claims);
  });

  it('are refused with 20 seconds or less left, and once expired', async () => {
    const issued = Date.now() - 881_000;
    const { token } = await signAccessToken(secret, claims, issued);
    await expect(verifyAccessToken(secret, token)).rejects.toMatchObject({ code: 4012 });
    const { token: fresh } = await signAccessToken(secret, claims);
    await expect(verifyAccessToken(secret, fresh, Date.now() + 881_000)).rejects.toMatchObject({ code: 4012 });
  });

  it('are refused when signed with another key, tampered with, or of another algorithm', async () => {
    const { token } = await signAccessToken(new TextEncoder().encode('y'.repeat(48)), claims);
    await expect(verifyAccessToken(secret, token)).rejects.toMatchObject({ code: 4012 });

    const { token: good } = await signAccessToken(secret, claims);
    const [h, p, sig] = good.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url');
    await expect(verifyAccessToken(secret, `${h}.${forged}.${sig}`)).rejects.toMatchObject({ code: 4012 });

    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    await expect(verifyAccessToken(secret, none)).rejects.toMatchObject({ code: 4012 });
    const hs512 = await new SignJWT(payload).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    await expect(verifyAccessToken(secret, hs512)).rejects.toMatchObject({ code: 4012 });
    await expect(verifyAccessToken(secret, 'not.a.token')).rejects.toMatchObject({ code: 4012 });
  });

  it('once verified (and cached), are still refused when expired, tampered with, or checked with another key', async () => {
    const { token } = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toMatchObject(claims);
    expect(await verifyAccessToken(secret, token)).toMatchObject(claims);
    // The 20 s margin and the expiry are checked again on every use of the cached token.
    await expect(verifyAccessToken(secret, token, Date.now() + 881_000)).rejects.toMatchObject({ code: 4012 });
    await expect(verifyAccessToken(secret, token, Date.now() + 901_000)).rejects.toMatchObject({ code: 4012 });
    // A token that differs by one character is not the cached one: verified, and refused.
    const [h, p, sig] = token.split('.');
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    await expect(verifyAccessToken(secret, `${h}.${p}.${flipped}`)).rejects.toMatchObject({ code: 4012 });
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'u2' })).toString('base64url');
    await expect(verifyAccessToken(secret, `${h}.${forged}.${sig}`)).rejects.toMatchObject({ code: 4012 });
    // Cached for one key only.
    await expect(verifyAccessToken(new TextEncoder().encode('y'.repeat(48)), token)).rejects.toMatchObject({ code: 4012 });
    const { token: fresh } = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, fresh)).toMatchObject(claims);
  });

  it('are refused for another audience or issuer', async () => {
    const wrongAud = await new SignJWT({ sid: 's1', typ: 'agent' })
      .setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setIssuer('flotte').setAudience('other').setExpirationTime('10m').sign(secret);
    await expect(verifyAccessToken(secret, wrongAud)).rejects.toMatchObject({ code: 4012 });
  });
});
