import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createSmtpTransport } from './smtp.transport.ts';
import { startSmtpSimulator, type SmtpSimulator } from '../../integrations/smtp/smtp.simulator.ts';

describe('SMTP transport', () => {
  let sim: SmtpSimulator;
  beforeAll(async () => {
    sim = await startSmtpSimulator({ auth: { user: 'flotte', pass: 'mail-pass-123' } });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('delivers subject and text to the SMTP server', async () => {
    const transport = createSmtpTransport({ url: sim.url, from: 'Flotte <no-reply@flotte.app>' });
    await transport.send({
      channel: 'email',
      to: 'gerant@example.sn',
      subject: 'Votre code de connexion',
      text: 'Votre code Flotte est 482913. Il expire dans 10 minutes.',
      otp: '482913',
    });
    const received = sim.messages.at(-1);
    expect(received?.from).toBe('no-reply@flotte.app');
    expect(received?.to).toEqual(['gerant@example.sn']);
    expect(received?.subject).toBe('Votre code de connexion');
    expect(received?.text).toBe('Votre code Flotte est 482913. Il expire dans 10 minutes.');
  });

  it("uses 'Flotte' as the subject when the message has none", async () => {
    const transport = createSmtpTransport({ url: sim.url, from: 'no-reply@flotte.app' });
    await transport.send({ channel: 'email', to: 'x@example.tg', text: 'Bonjour' });
    expect(sim.messages.at(-1)?.subject).toBe('Flotte');
  });

  it('fails with a clear error, without the password, when the server refuses the login', async () => {
    const url = sim.url.replace('mail-pass-123', 'wrong-pass-456');
    const transport = createSmtpTransport({ url, from: 'no-reply@flotte.app' });
    const before = sim.messages.length;
    const error = await transport.send({ channel: 'email', to: 'x@example.tg', text: 'x' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^SMTP delivery to x@example\.tg failed: .*535/);
    expect((error as Error).message).not.toContain('wrong-pass-456');
    expect(sim.messages).toHaveLength(before);
  });

  describe('with a server that never greets', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('gives up after its timeout', async () => {
      const { port } = silent.address() as AddressInfo;
      const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'a@b.cm', timeoutMs: 200 });
      await expect(transport.send({ channel: 'email', to: 'x@example.tg', text: 'x' })).rejects.toThrow(/SMTP delivery .* failed/);
    });
  });
});
