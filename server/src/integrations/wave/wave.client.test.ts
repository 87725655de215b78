import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayoutOutcomeUnknown, type PayoutRequest } from '../../platform/payments/payments.types.ts';
import { createWaveClient } from './wave.client.ts';
import { startWaveSimulator, type WaveSimulator } from './wave.simulator.ts';

describe('Wave payout client against the simulator', () => {
  let sim: WaveSimulator;
  beforeAll(async () => {
    sim = await startWaveSimulator({ apiKey: 'wave_sn_prod_secret_key_123' });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.settleAfterMs = 0;
  });

  const client = (timeoutMs = 2000) => createWaveClient({ baseUrl: sim.url, apiKey: sim.apiKey, timeoutMs });
  let n = 0;
  const request = (msisdn = '2250701020304'): PayoutRequest => ({ reference: `ref-${++n}-${Date.now()}`, amount: '5000', currency: 'XOF', msisdn, callingCode: '225', reason: 'Retrait' });

  it('sends the documented payout with our reference as idempotency key and client_reference', async () => {
    const req = request();
    const result = await client().payout(req);
    expect(result.status).toBe('success');
    const p = sim.payouts.find((x) => x.client_reference === req.reference)!;
    expect(p).toMatchObject({ receive_amount: '5000', currency: 'XOF', mobile: '+2250701020304', payment_reason: 'Retrait' });
    expect(result.providerRef).toBe(p.id);
  });

  it('answers the same payout when the same request is sent again (idempotency key)', async () => {
    const req = request();
    const a = await client().payout(req);
    const b = await client().payout(req);
    expect(b.providerRef).toBe(a.providerRef);
    expect(sim.payouts.filter((x) => x.client_reference === req.reference)).toHaveLength(1);
  });

  it('reports a refused payout as failed, and a processing one as pending until it settles', async () => {
    const refused = await client().payout(request('2250700000000'));
    expect(refused.status).toBe('failed');
    expect(refused.detail).toContain('recipient-limit-exceeded');
    sim.settleAfterMs = null;
    const req = request();
    expect((await client().payout(req)).status).toBe('pending');
    expect((await client().payoutStatus({ reference: req.reference, providerRef: null }))?.status).toBe('pending');
    sim.settle(req.reference, 'success');
    expect((await client().payoutStatus({ reference: req.reference, providerRef: null }))?.status).toBe('success');
  });

  it('finds nothing for a reference Wave never received', async () => {
    expect(await client().payoutStatus({ reference: 'never-sent', providerRef: null })).toBeNull();
  });

  it('calls a 4xx a refusal, and a 5xx, a timeout or a cut connection an unknown outcome', async () => {
    sim.failNext(400);
    expect((await client().payout(request())).status).toBe('failed');
    sim.failNext(500);
    await expect(client().payout(request())).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
    sim.stallNext(500);
    await expect(client(100).payout(request())).rejects.toThrow(/timed out after 100 ms/);
    sim.dropNext();
    const req = request();
    await expect(client().payout(req)).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
    expect((await client().payoutStatus({ reference: req.reference, providerRef: null }))?.status).toBe('success');
  });

  it('refuses a wrong key without leaking it into the error', async () => {
    const bad = createWaveClient({ baseUrl: sim.url, apiKey: 'wave_wrong_key_456' });
    const r = await bad.payout(request());
    expect(r.status).toBe('failed');
    expect(r.detail).not.toContain('wave_wrong_key_456');
  });
});
