import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioClient, type TwilioClientOptions } from './twilio.client.ts';
import { startTwilioSimulator, type TwilioSimulator } from './twilio.simulator.ts';

describe('Twilio client against the simulator', () => {
  let sim: TwilioSimulator;
  const accountSid = `AC${'1234abcd'.repeat(4)}`;
  const authToken = 'twilio-auth-token-very-secret';

  beforeAll(async () => {
    sim = await startTwilioSimulator({ port: 0, accountSid, authToken });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    sim.messages.length = 0;
  });

  const client = (extra: Partial<TwilioClientOptions> = {}) =>
    createTwilioClient({ baseUrl: sim.url, accountSid, authToken, from: '+15005550006', ...extra });

  it('sends To/From/Body and returns the message sid and status', async () => {
    const result = await client().sendSms('+221770000001', 'Votre code Flotte est 654321 — valable 10 min');
    expect(result.status).toBe('queued');
    expect(result.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sim.messages).toEqual([
      { sid: result.sid, to: '+221770000001', from: '+15005550006', body: 'Votre code Flotte est 654321 — valable 10 min' },
    ]);
  });

  it('surfaces a rejected auth token as an Error with the status and Twilio code, without the token', async () => {
    const wrong = 'wrong-token-but-still-secret';
    const error = await client({ authToken: wrong }).sendSms('+221770000001', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/HTTP 401/);
    expect(message).toMatch(/20003/);
    expect(message).not.toContain(wrong);
    expect(message).not.toContain(Buffer.from(`${accountSid}:${wrong}`).toString('base64'));
    expect(sim.messages).toHaveLength(0);
  });

  it('surfaces a server error with its status', async () => {
    sim.failNext(500);
    await expect(client().sendSms('+221770000001', 'x')).rejects.toThrow(/HTTP 500/);
    expect(sim.messages).toHaveLength(0);
  });

  it('surfaces a validation error (missing To) with the Twilio message', async () => {
    await expect(client().sendSms('', 'x')).rejects.toThrow(/HTTP 400 code 21604: A 'To' phone number is required/);
  });

  it('times out a request that gets no answer', async () => {
    sim.stallNext(2_000);
    const error = await client({ timeoutMs: 150 }).sendSms('+221770000001', 'x').catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/timed out after 150 ms/);
    expect((error as Error).message).not.toContain(authToken);
  });
});

describe('Twilio simulator', () => {
  let sim: TwilioSimulator;
  beforeAll(async () => {
    sim = await startTwilioSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const post = (form: Record<string, string>) =>
    fetch(`${sim.url}/2010-04-01/Accounts/${sim.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sim.accountSid}:${sim.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });

  it('answers 400 with a Twilio error body when Body is missing', async () => {
    const res = await post({ To: '+221770000001', From: '+15005550006' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 21602, status: 400, message: 'Message body is required.' });
    expect(sim.messages).toHaveLength(0);
  });

  it('answers 201 with the message resource', async () => {
    const res = await post({ To: '+221770000001', From: '+15005550006', Body: 'Bonjour' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'queued', to: '+221770000001', from: '+15005550006', body: 'Bonjour' });
  });
});
