import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDelivery } from '../../platform/payments/collection-sim.ts';
import type { CollectionRequest } from '../../platform/payments/collection.types.ts';
import { PayoutOutcomeUnknown } from '../../platform/payments/payments.types.ts';
import { mtnReferenceId } from './mtn-momo.session.ts';
import { createMtnCollectionClient } from './mtn-momo.collection.ts';
import { startMtnCollectionSimulator, type MtnCollectionSimulator } from './mtn-momo.collection.simulator.ts';

describe('MTN MoMo Collection client against the simulator', () => {
  let sim: MtnCollectionSimulator;
  const received: CallbackDelivery[] = [];
  beforeAll(async () => {
    sim = await startMtnCollectionSimulator();
    sim.transport = async (d) => {
      received.push(d);
      return 200;
    };
  });
  afterAll(() => sim.close());

  const client = () =>
    createMtnCollectionClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, subscriptionKey: sim.subscriptionKey, targetEnvironment: sim.targetEnvironment, timeoutMs: 2000 });
  let n = 0;
  const request = (): CollectionRequest => {
    const reference = `0190c1d2-0000-7000-8000-${String(++n).padStart(12, '0')}`;
    return { reference, amount: '2500', currency: 'XAF', msisdn: '237670000001', callingCode: '237', operator: 'mtn', description: 'Paiement de recettes', callbackUrl: `http://flotte.test/cb?payin=${reference}&t=x`, returnUrl: 'http://flotte.test/' };
  };

  it('asks the payer (202) under a reference id derived from ours, with our callback URL', async () => {
    const req = request();
    const started = await client().requestPayment(req);
    expect(started).toEqual({ status: 'pending', providerRef: mtnReferenceId(req.reference), launchUrl: null });
    expect(sim.requests.find((r) => r.externalId === req.reference)).toMatchObject({ amount: '2500', payer: { partyIdType: 'MSISDN', partyId: '237670000001' }, callbackUrl: req.callbackUrl, status: 'PENDING' });
    // Asked again (a retry): MTN refuses the duplicate reference, the client reads where it stands.
    expect((await client().requestPayment(req)).status).toBe('pending');
    expect(sim.requests.filter((r) => r.externalId === req.reference)).toHaveLength(1);
  });

  it('reads PENDING, then SUCCESSFUL or FAILED, and null for a request it never got', async () => {
    const ok = request();
    await client().requestPayment(ok);
    expect(await client().paymentStatus({ reference: ok.reference, providerRef: null })).toMatchObject({ status: 'pending' });
    await sim.complete(ok.reference);
    expect(await client().paymentStatus({ reference: ok.reference, providerRef: null })).toMatchObject({ status: 'success' });
    const ko = request();
    await client().requestPayment(ko);
    await sim.fail(ko.reference, { deliveries: 0 });
    expect(await client().paymentStatus({ reference: ko.reference, providerRef: null })).toMatchObject({ status: 'failed', detail: 'APPROVAL_REJECTED' });
    expect(await client().paymentStatus({ reference: request().reference, providerRef: null })).toBeNull();
  });

  it('sends the documented callback body, which only names the payment (the status is read from the API)', async () => {
    const req = request();
    await client().requestPayment(req);
    await sim.complete(req.reference);
    const d = received.at(-1)!;
    expect(d.url).toBe(req.callbackUrl);
    expect(JSON.parse(d.body)).toMatchObject({ externalId: req.reference, status: 'SUCCESSFUL', amount: '2500', currency: 'XAF' });
    const parsed = client().parseCallback({ headers: d.headers, rawBody: d.body, query: { payin: req.reference } });
    expect(parsed).toMatchObject({ reference: req.reference, providerRef: mtnReferenceId(req.reference), status: null });
  });

  it('reports a failing MTN as an unknown outcome', async () => {
    await client().paymentStatus({ reference: request().reference, providerRef: null }); // a token first
    sim.failNext(500);
    await expect(client().requestPayment(request())).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
  });
});
