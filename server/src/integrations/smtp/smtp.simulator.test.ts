import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { startSmtpSimulator, type SmtpSimulator } from './smtp.simulator.ts';
import { decodeEncodedWords } from './mime.parse.ts';

describe('SMTP simulator with nodemailer', () => {
  let sim: SmtpSimulator;
  let authSim: SmtpSimulator;
  beforeAll(async () => {
    sim = await startSmtpSimulator();
    authSim = await startSmtpSimulator({ auth: { user: 'mailer', pass: 'p4ss-w0rd' } });
  });
  afterAll(async () => {
    await sim.close();
    await authSim.close();
  });

  it('receives envelope, subject and text, decoding accents and undoing dot-stuffing', async () => {
    const mailer = nodemailer.createTransport(sim.url);
    const text = 'Bonjour Aïcha,\n.ligne qui commence par un point\nVotre code : 123456 — à bientôt.';
    await mailer.sendMail({
      from: 'Flotte <no-reply@flotte.app>',
      to: ['a@example.cm', 'b@example.ci'],
      subject: 'Réinitialisation du mot de passe',
      text,
    });
    const received = sim.messages.at(-1);
    expect(received?.from).toBe('no-reply@flotte.app');
    expect(received?.to).toEqual(['a@example.cm', 'b@example.ci']);
    expect(received?.subject).toBe('Réinitialisation du mot de passe');
    expect(received?.text).toBe(text);
    expect(received?.raw).toMatch(/^From: /m);
  });

  it('reads the text part of a multipart message', async () => {
    const mailer = nodemailer.createTransport(sim.url);
    await mailer.sendMail({ from: 'x@flotte.app', to: 'y@flotte.app', subject: 'Multi', text: 'Texte brut', html: '<p>HTML</p>' });
    expect(sim.messages.at(-1)?.text).toBe('Texte brut');
  });

  it('requires and checks AUTH when configured', async () => {
    await nodemailer.createTransport(authSim.url).sendMail({ from: 'x@flotte.app', to: 'y@flotte.app', subject: 'ok', text: 'ok' });
    expect(authSim.messages).toHaveLength(1);
    const bad = authSim.url.replace('p4ss-w0rd', 'nope');
    await expect(
      nodemailer.createTransport(bad).sendMail({ from: 'x@flotte.app', to: 'y@flotte.app', subject: 'no', text: 'no' }),
    ).rejects.toThrow(/535/);
    expect(authSim.messages).toHaveLength(1);
  });

  it('decodes RFC 2047 words in both encodings', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?R=C3=A9sum=C3=A9_du?= =?UTF-8?B?IGpvdXI=?=')).toBe('Résumé du jour');
  });
});
