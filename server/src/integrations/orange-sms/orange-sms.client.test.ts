import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrangeSmsClient, type OrangeSmsClientOptions } from './orange-sms.client.ts';
import { startOrangeSmsSimulator, type OrangeSmsSimulator } from './orange-sms.simulator.ts';

describe('Orange SMS client against the simulator', () => {
  let sim: OrangeSmsSimulator;
  const clientId = 'client-id-cm-42';
  const clientSecret = 'super-secret-orange-value';

  beforeAll(async () => {
    sim = await startOrangeSmsSimulator({ port: 0, clientId, clientSecret });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    sim.messages.length = 0;
  });

  const client = (extra: Partial<OrangeSmsClientOptions> = {}) =>
    createOrangeSmsClient({
      baseUrl: sim.url,
      clientId,
      clientSecret,
      senderAddress: '2370000',
      senderName: 'Flotte',
      ...extra,
    });

  it('sends the documented request and reports the resource URL', async () => {
    const result = await client().sendSms('+237690000001', 'Votre code Flotte est 123456');
    expect(sim.messages).toEqual([
      {
        address: 'tel:+237690000001',
        senderAddress: 'tel:+2370000',
        senderName: 'Flotte',
        message: 'Votre code Flotte est 123456',
      },
    ]);
    expect(result.resourceUrl).toMatch(/\/smsmessaging\/v1\/outbound\/tel%3A%2B2370000\/requests\/[0-9a-f-]{36}$/);
  });

  it('reuses one token across sends', async () => {
    const c = client();
    const before = sim.tokensIssued;
    await c.sendSms('+2250700000001', 'un');
    await c.sendSms('+2250700000002', 'deux');
    expect(sim.tokensIssued - before).toBe(1);
    expect(sim.messages.map((m) => m.message)).toEqual(['un', 'deux']);
  });

  it('shares a single token request between concurrent sends', async () => {
    const c = client();
    const before = sim.tokensIssued;
    await Promise.all([c.sendSms('+2250700000001', 'a'), c.sendSms('+2250700000002', 'b'), c.sendSms('+2250700000003', 'c')]);
    expect(sim.tokensIssued - before).toBe(1);
    expect(sim.messages).toHaveLength(3);
  });

  it('renews the token a minute before it expires', async () => {
    let now = 1_000_000;
    const c = client({ now: () => now });
    const before = sim.tokensIssued;
    await c.sendSms('+237690000001', 'un');
    now += 3_530_000; // 58 min 50 s into the 1 h token: still used
    await c.sendSms('+237690000001', 'deux');
    expect(sim.tokensIssued - before).toBe(1);
    now += 20_000; // 59 min 10 s: inside the last minute, renewed before use
    await c.sendSms('+237690000001', 'trois');
    expect(sim.tokensIssued - before).toBe(2);
    expect(sim.messages).toHaveLength(3);
  });

  it('fetches a new token and retries once when the provider rejects the cached one', async () => {
    const c = client();
    await c.sendSms('+237690000001', 'un');
    const before = sim.tokensIssued;
    sim.expireTokens();
    await c.sendSms('+237690000001', 'deux');
    expect(sim.tokensIssued - before).toBe(1);
    expect(sim.messages.map((m) => m.message)).toEqual(['un', 'deux']);
  });

  it('retries once after a single 401 on send', async () => {
    const c = client();
    sim.failNext(401);
    await c.sendSms('+237690000001', 'après 401');
    expect(sim.messages.map((m) => m.message)).toEqual(['après 401']);
  });

  it('surfaces a provider error with its status and without credentials', async () => {
    sim.failNext(503);
    const error = await client().sendSms('+237690000001', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/HTTP 503/);
    expect(message).not.toContain(clientSecret);
    expect(message).not.toContain(clientId);
    expect(message).not.toContain(Buffer.from(`${clientId}:${clientSecret}`).toString('base64'));
    expect(sim.messages).toHaveLength(0);
  });

  it('reports rejected credentials on the token request without leaking them', async () => {
    const wrongSecret = 'wrong-secret-value-123';
    const error = await client({ clientSecret: wrongSecret })
      .sendSms('+237690000001', 'x')
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/token request failed: HTTP 401/);
    expect((error as Error).message).not.toContain(wrongSecret);
    expect(sim.messages).toHaveLength(0);
  });

  it('times out a request that gets no answer', async () => {
    sim.stallNext(2_000);
    const error = await client({ timeoutMs: 150 }).sendSms('+237690000001', 'x').catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/timed out after 150 ms/);
  });

  it('refuses a recipient that is not E.164 before calling the provider', async () => {
    await expect(client().sendSms('690000001', 'x')).rejects.toThrow(/E\.164/);
    expect(sim.messages).toHaveLength(0);
  });
});

describe('Orange SMS simulator', () => {
  let sim: OrangeSmsSimulator;
  beforeAll(async () => {
    sim = await startOrangeSmsSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  async function token(): Promise<string> {
    const res = await fetch(`${sim.url}/oauth/v3/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sim.clientId}:${sim.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token_type: string; access_token: string; expires_in: string };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe('3600');
    return body.access_token;
  }

  it('answers 400 to a body without a message', async () => {
    const res = await fetch(`${sim.url}/smsmessaging/v1/outbound/tel%3A%2B2370000/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ outboundSMSMessageRequest: { address: 'tel:+237690000001', senderAddress: 'tel:+2370000' } }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { requestError: { serviceException: { messageId: string } } };
    expect(body.requestError.serviceException.messageId).toBe('SVC0002');
    expect(sim.messages).toHaveLength(0);
  });

  it('answers 401 to an unknown token', async () => {
    const res = await fetch(`${sim.url}/smsmessaging/v1/outbound/tel%3A%2B2370000/requests`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });

  it('rejects a token past its lifetime, which the client then replaces', async () => {
    const shortSim = await startOrangeSmsSimulator({ tokenTtlSeconds: 0.05 });
    try {
      const c = createOrangeSmsClient({
        baseUrl: shortSim.url,
        clientId: shortSim.clientId,
        clientSecret: shortSim.clientSecret,
        senderAddress: '2370000',
        // A frozen clock makes the client keep its token, so only the simulator's expiry can act.
        now: () => 0,
      });
      await c.sendSms('+237690000001', 'un');
      await new Promise((resolve) => setTimeout(resolve, 80));
      await c.sendSms('+237690000001', 'deux');
      expect(shortSim.tokensIssued).toBe(2);
      expect(shortSim.messages.map((m) => m.message)).toEqual(['un', 'deux']);
    } finally {
      await shortSim.close();
    }
  });
});
