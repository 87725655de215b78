import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDelivery } from '../../platform/payments/collection-sim.ts';
import type { CollectionRequest } from '../../platform/payments/collection.types.ts';
import { PayoutOutcomeUnknown } from '../../platform/payments/payments.types.ts';
import { createWaveCheckoutClient, verifyWaveSignature, waveSignature } from './wave.checkout.ts';
import { startWaveCheckoutSimulator, type WaveCheckoutSimulator } from './wave.checkout.simulator.ts';

describe('Wave Checkout client against the simulator', () => {
  let sim: WaveCheckoutSimulator;
  const received: CallbackDelivery[] = [];
  beforeAll(async () => {
    sim = await startWaveCheckoutSimulator({ webhookUrl: 'http://flotte.test/api/webhooks/payins/wave' });
    sim.transport = async (d) => {
      received.push(d);
      return 200;
    };
  });
  afterAll(() => sim.close());

  const client = () => createWaveCheckoutClient({ baseUrl: sim.url, apiKey: sim.apiKey, webhookSecret: sim.webhookSecret, timeoutMs: 2000 });
  let n = 0;
  const request = (msisdn = '2250701020304'): CollectionRequest => ({
    reference: `payin-${++n}-${Date.now()}`,
    amount: '5000',
    currency: 'XOF',
    msisdn,
    callingCode: '225',
    operator: 'wave',
    description: 'Paiement de recettes',
    callbackUrl: 'http://flotte.test/unused',
    returnUrl: 'http://flotte.test/dashboard/receipts',
  });

  it('opens a checkout session under our reference, the same one when asked again', async () => {
    const req = request();
    const a = await client().requestPayment(req);
    const b = await client().requestPayment(req);
    expect(a).toMatchObject({ status: 'pending' });
    expect(a.launchUrl).toBe(`${sim.url}/c/${a.providerRef}`);
    expect(b.providerRef).toBe(a.providerRef);
    expect(sim.sessions.filter((s) => s.client_reference === req.reference)).toHaveLength(1);
    expect(sim.sessions.find((s) => s.id === a.providerRef)).toMatchObject({ amount: '5000', restrict_payer_mobile: '+2250701020304', success_url: req.returnUrl });
  });

  it('tells where the payment stands, by its id or by our reference alone', async () => {
    const req = request();
    const started = await client().requestPayment(req);
    expect(await client().paymentStatus({ reference: req.reference, providerRef: started.providerRef })).toMatchObject({ status: 'pending' });
    await sim.complete(req.reference, { deliveries: 0 });
    expect(await client().paymentStatus({ reference: req.reference, providerRef: null })).toMatchObject({ status: 'success', providerRef: started.providerRef });
    expect(await client().paymentStatus({ reference: 'unknown-ref', providerRef: null })).toBeNull();
  });

  it('posts signed webhooks, twice when asked, that the client verifies and reads', async () => {
    const req = request();
    await client().requestPayment(req);
    await sim.complete(req.reference, { deliveries: 2 });
    const [first, second] = received.slice(-2);
    expect(first.body).toBe(second.body);
    const input = { headers: first.headers, rawBody: first.body, query: {} };
    expect(client().verifyCallback(input)).toBe(true);
    expect(client().parseCallback(input)).toMatchObject({ reference: req.reference, status: 'success' });
    expect(client().verifyCallback({ ...input, rawBody: first.body.replace('5000', '9000') })).toBe(false);
  });

  it('checks the Wave-Signature timestamp and accepts any of several v1 (secret rotation)', () => {
    const body = '{"id":"EV_1"}';
    const now = 1_750_000_000;
    const good = waveSignature('secret', now, body);
    expect(verifyWaveSignature(`t=${now},v1=${good}`, body, 'secret', now + 10, 300)).toBe(true);
    expect(verifyWaveSignature(`t=${now},v1=${'0'.repeat(64)},v1=${good}`, body, 'secret', now, 300)).toBe(true);
    expect(verifyWaveSignature(`t=${now},v1=${good}`, body, 'secret', now + 301, 300)).toBe(false);
    expect(verifyWaveSignature(`t=${now},v1=${good}`, body, 'other', now, 300)).toBe(false);
    expect(verifyWaveSignature(undefined, body, 'secret', now, 300)).toBe(false);
  });

  it('closes a session on cancel, and a refused payment reads failed', async () => {
    const req = request();
    const started = await client().requestPayment(req);
    await client().cancelPayment!({ reference: req.reference, providerRef: started.providerRef });
    expect(await client().paymentStatus({ reference: req.reference, providerRef: started.providerRef })).toMatchObject({ status: 'failed' });
    const refused = await client().requestPayment({ ...request(), currency: 'XAF' });
    expect(refused.status).toBe('failed');
  });

  it('reports an unreachable or failing Wave as an unknown outcome', async () => {
    sim.failNext(503);
    await expect(client().requestPayment(request())).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
  });
});
