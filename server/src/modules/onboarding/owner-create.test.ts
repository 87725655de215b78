import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { testEngine } from '../../../test/global-setup.ts';
import { createNotifier } from '../../platform/notifier/notifier.ts';
import { outboxStore, readOutbox } from '../dev/outbox.service.ts';
import { ContactTakenError, createOwnerFromCommand, parseOwnerCommand } from './owner-create.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const unique = () => randomBytes(4).toString('hex');
const notifier = () => createNotifier({ sms: 'outbox', email: 'outbox', smtpFrom: 'Flotte <test@flotte.app>' }, { outboxStore: outboxStore(ctx.database.db), log: { info: () => undefined } });

describe('the owner:create arguments', () => {
  it("are checked with the sign-up's rules and said wrong in French", () => {
    expect(parseOwnerCommand({ park: 'P', country: 'FR' })).toEqual({
      ok: false,
      errors: ['--park : Le nom du parc doit contenir au moins 2 caractères', '--country : Choisissez un pays'],
    });
    expect(parseOwnerCommand({ park: 'Taxis Awa', country: 'CM' })).toEqual({ ok: false, errors: ['--email : Donnez --email ou --phone (ou les deux)'] });
    const ok = parseOwnerCommand({ email: 'Awa@Exemple.CM', phone: '+237 690 00 00 01', park: 'Taxis Awa', country: 'CM' });
    expect(ok).toMatchObject({ ok: true, value: { email: 'awa@exemple.cm', phone: '+237690000001', type: 'particulier' } });
  });
});

describe('an owner created by the command', () => {
  it('gets his park and an invitation, chooses his password with « Mot de passe oublié ? », and signs in', async () => {
    const email = `owner.${unique()}@exemple.cm`;
    const cmd = parseOwnerCommand({ email, park: 'Taxis Awa', country: 'SN', 'first-name': 'Awa' });
    if (!cmd.ok) throw new Error(cmd.errors.join());
    const created = await createOwnerFromCommand(ctx.database.db, notifier(), cmd.value, 'https://flotte.example');
    expect(created.invitedAt).toEqual({ channel: 'email', to: email });

    const [invitation] = await readOutbox(ctx.database.db, email, 1);
    expect(invitation.text).toContain('https://flotte.example/auth/forgot-password');
    expect(invitation.text).toContain('Taxis Awa');

    const forgot = await ctx.api('POST', '/api/forgot-password', { body: { email } });
    const verified = await ctx.api('POST', '/api/forgot-password-verify-otp', { body: { email, otp: await ctx.latestOtp(email) } });
    expect(verified.status, verified.message).toBe(200);
    expect(forgot.status).toBe(200);
    const reset = await ctx.api('POST', '/api/reset-password', { body: { email, code: verified.data.code, password: 'Choisi#2026' } });
    expect(reset.status, reset.message).toBe(200);
    const s = await ctx.signIn({ email, password: 'Choisi#2026', type: 'proprietaire' });
    expect(s.park_id).toBe(created.parkId);
    const me = await ctx.api('GET', '/api/user', { token: s.token, profileId: s.profile_id });
    expect(me.data).toMatchObject({ isOwner: true, first_name: 'Awa', ets_name: 'Taxis Awa' });
    expect(me.data.parks[0]).toMatchObject({ city: 'Dakar', currency: 'XOF', time_zone: 'Africa/Dakar' });
  });

  it('is refused when his contact already has an account, and nothing is created', async () => {
    const fx = await ctx.createPark();
    const parks = async () => Number((await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from parks`)).rows[0].n);
    const before = await parks();
    const cmd = parseOwnerCommand({ phone: fx.owner.phone, park: 'Doublon', country: 'CM' });
    if (!cmd.ok) throw new Error(cmd.errors.join());
    await expect(createOwnerFromCommand(ctx.database.db, notifier(), cmd.value, 'http://x')).rejects.toThrow(ContactTakenError);
    await expect(createOwnerFromCommand(ctx.database.db, notifier(), cmd.value, 'http://x')).rejects.toThrow(`Un compte existe déjà avec le téléphone ${fx.owner.phone}`);
    expect(await parks()).toBe(before);
  });
});

describe('npm run owner:create, as an operator runs it', () => {
  // On the embedded engine the command opens its own DATA_DIR, as on a fresh install; on
  // PostgreSQL it writes to this test's database through DATABASE_URL.
  it(`creates the owner on ${testEngine() === 'postgres' ? 'PostgreSQL' : 'the embedded database'}, then refuses the same contact`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flotte-owner-create-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, FLOTTE_DEMO: '0', DATABASE_URL: '' };
    if (testEngine() === 'postgres') env.DATABASE_URL = ctx.database.url;
    const email = `cli.${unique()}@exemple.ci`;
    const run = () =>
      spawnSync(path.resolve('node_modules/.bin/tsx'), ['server/src/owner-create.ts', '--email', email, '--park', 'Parc Ligne', '--country', 'CI'], {
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
    try {
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('Propriétaire créé : parc « Parc Ligne »');
      expect(first.stdout).toContain(`/auth/forgot-password et entrer ${email}`);
      const again = run();
      expect(again.status).toBe(1);
      expect(again.stderr).toContain(`Un compte existe déjà avec l'email ${email}`);
      if (testEngine() === 'postgres') {
        const found = await ctx.database.db.execute<{ currency: string }>(sql`select p.currency from parks p join profiles pr on pr.park_id = p.id join users u on u.id = pr.user_id where u.email = ${email}`);
        expect(found.rows).toEqual([{ currency: 'XOF' }]);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
