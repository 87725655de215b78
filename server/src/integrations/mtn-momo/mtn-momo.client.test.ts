import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayoutOutcomeUnknown, type PayoutRequest } from '../../platform/payments/payments.types.ts';
import { createMtnMomoClient, mtnReferenceId } from './mtn-momo.client.ts';
import { startMtnMomoSimulator, type MtnMomoSimulator } from './mtn-momo.simulator.ts';

describe('MTN MoMo disbursement client against the simulator', () => {
  let sim: MtnMomoSimulator;
  beforeAll(async () => {
    sim = await startMtnMomoSimulator({ settleAfterMs: null });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.settleAfterMs = null;
  });

  const client = (extra: { timeoutMs?: number; apiKey?: string } = {}) =>
    createMtnMomoClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: extra.apiKey ?? sim.apiKey, subscriptionKey: sim.subscriptionKey, targetEnvironment: sim.targetEnvironment, timeoutMs: extra.timeoutMs ?? 2000 });
  let n = 0;
  const request = (msisdn = '237670000001'): PayoutRequest => ({ reference: `01a2${String(++n).padStart(4, '0')}-0000-7000-8000-${Date.now().toString().padStart(12, '0')}`, amount: '10000', currency: 'XAF', msisdn, callingCode: '237' });

  it('derives a stable UUID v4 reference id from our id', () => {
    const id = mtnReferenceId('01a20413-c252-7f61-a16e-efdfd39dc098');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(mtnReferenceId('01a20413-c252-7f61-a16e-efdfd39dc098')).toBe(id);
  });

  it('posts the transfer (202, PENDING), then reads it SUCCESSFUL', async () => {
    const c = client();
    const req = request();
    const sent = await c.payout(req);
    expect(sent).toEqual({ status: 'pending', providerRef: mtnReferenceId(req.reference) });
    const t = sim.transfers.find((x) => x.externalId === req.reference)!;
    expect(t).toMatchObject({ amount: '10000', currency: 'XAF', payee: { partyIdType: 'MSISDN', partyId: '237670000001' }, status: 'PENDING' });
    expect((await c.payoutStatus({ reference: req.reference, providerRef: null }))?.status).toBe('pending');
    sim.settle(req.reference, 'success');
    expect((await c.payoutStatus({ reference: req.reference, providerRef: sent.providerRef }))?.status).toBe('success');
  });

  it('settles on its own after the delay, FAILED for the failing number', async () => {
    sim.settleAfterMs = 20;
    const c = client();
    const req = request('237670000000');
    await c.payout(req);
    await new Promise((r) => setTimeout(r, 60));
    const s = await c.payoutStatus({ reference: req.reference, providerRef: null });
    expect(s).toMatchObject({ status: 'failed', detail: 'PAYEE_NOT_FOUND' });
  });

  it('never creates a second transfer for the same reference (409 is read back)', async () => {
    const c = client();
    const req = request();
    await c.payout(req);
    sim.settle(req.reference, 'success');
    expect((await c.payout(req)).status).toBe('success');
    expect(sim.transfers.filter((x) => x.externalId === req.reference)).toHaveLength(1);
  });

  it('reuses its token, and knows nothing of a reference MTN never got', async () => {
    const c = client();
    const before = sim.tokensIssued;
    await c.payout(request());
    await c.payout(request());
    expect(sim.tokensIssued - before).toBe(1);
    expect(await c.payoutStatus({ reference: 'never-sent', providerRef: null })).toBeNull();
  });

  it('calls refused credentials a failure, and a 500 or a timeout an unknown outcome', async () => {
    expect((await client({ apiKey: 'wrong-key' }).payout(request())).status).toBe('failed');
    const c = client({ timeoutMs: 100 });
    await c.payoutStatus({ reference: 'warm-up', providerRef: null }); // token in cache
    sim.failNext(500);
    await expect(c.payout(request())).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
    sim.stallNext(400);
    await expect(c.payout(request())).rejects.toThrow(/timed out/);
  });
});
