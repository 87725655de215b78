import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayoutOutcomeUnknown, type PayoutRequest } from '../../platform/payments/payments.types.ts';
import { createCinetPayClient } from './cinetpay.client.ts';
import { startCinetPaySimulator, type CinetPaySimulator } from './cinetpay.simulator.ts';

describe('CinetPay transfer client against the simulator', () => {
  let sim: CinetPaySimulator;
  beforeAll(async () => {
    sim = await startCinetPaySimulator({ settleAfterMs: null });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.settleAfterMs = null;
  });

  const client = (extra: { timeoutMs?: number; password?: string } = {}) =>
    createCinetPayClient({ baseUrl: sim.url, apiKey: sim.apiKey, password: extra.password ?? sim.password, timeoutMs: extra.timeoutMs ?? 2000 });
  let n = 0;
  const request = (msisdn = '237690123456', amount = '5000'): PayoutRequest => ({ reference: `cp-${++n}-${Date.now()}`, amount, currency: 'XAF', msisdn, callingCode: '237' });

  it('adds the contact, sends with our id as client_transaction_id, and follows NEW -> VAL', async () => {
    const c = client();
    const req = request();
    const sent = await c.payout(req);
    expect(sent.status).toBe('pending');
    expect(sim.contacts.has('237690123456')).toBe(true);
    const t = sim.transfers.find((x) => x.client_transaction_id === req.reference)!;
    expect(t).toMatchObject({ amount: 5000, prefix: '237', receiver: '237690123456', treatment_status: 'NEW' });
    expect(sent.providerRef).toBe(t.transaction_id);
    sim.settle(req.reference, 'success');
    expect((await c.payoutStatus({ reference: req.reference, providerRef: null }))?.status).toBe('success');
  });

  it('reports REJ as failed, and nothing for a reference CinetPay never got', async () => {
    const c = client();
    const req = request('237690000000');
    await c.payout(req);
    sim.settle(req.reference, 'failed');
    expect((await c.payoutStatus({ reference: req.reference, providerRef: null }))?.status).toBe('failed');
    expect(await c.payoutStatus({ reference: 'never-sent', providerRef: null })).toBeNull();
  });

  it('a second send of one reference is refused by CinetPay and read back, never paid twice', async () => {
    const c = client();
    const req = request();
    await c.payout(req);
    expect((await c.payout(req)).status).toBe('pending');
    expect(sim.transfers.filter((x) => x.client_transaction_id === req.reference)).toHaveLength(1);
  });

  it('calls a refused amount or bad credentials a failure', async () => {
    expect((await client().payout(request(undefined, '5003'))).status).toBe('failed');
    expect((await client({ password: 'wrong' }).payout(request())).status).toBe('failed');
  });

  it('renews an expired token once, and calls a 5xx or a timeout an unknown outcome', async () => {
    const c = client({ timeoutMs: 100 });
    await c.payout(request());
    sim.expireTokens();
    expect((await c.payout(request())).status).toBe('pending');
    sim.failNext(502);
    await expect(c.payout(request())).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
    sim.stallNext(400);
    await expect(c.payoutStatus({ reference: 'x', providerRef: null })).rejects.toThrow(/timed out/);
  });
});
