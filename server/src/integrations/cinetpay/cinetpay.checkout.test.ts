import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDelivery } from '../../platform/payments/collection-sim.ts';
import type { CollectionRequest } from '../../platform/payments/collection.types.ts';
import { cinetPayToken, createCinetPayCheckoutClient } from './cinetpay.checkout.ts';
import { startCinetPayCheckoutSimulator, type CinetPayCheckoutSimulator } from './cinetpay.checkout.simulator.ts';

describe('CinetPay payment client against the simulator', () => {
  let sim: CinetPayCheckoutSimulator;
  const received: CallbackDelivery[] = [];
  beforeAll(async () => {
    sim = await startCinetPayCheckoutSimulator();
    sim.transport = async (d) => {
      received.push(d);
      return 200;
    };
  });
  afterAll(() => sim.close());

  const client = (secretKey = sim.secretKey) => createCinetPayCheckoutClient({ baseUrl: sim.url, apiKey: sim.apiKey, siteId: sim.siteId, secretKey, timeoutMs: 2000 });
  let n = 0;
  const request = (amount = '1500'): CollectionRequest => ({
    reference: `payin-cp-${++n}-${Date.now()}`,
    amount,
    currency: 'XAF',
    msisdn: '237690000001',
    callingCode: '237',
    operator: 'orange',
    description: 'Paiement de recettes #1 / test',
    callbackUrl: 'http://flotte.test/api/webhooks/payins/cinetpay?payin=x&t=y',
    returnUrl: 'http://flotte.test/dashboard/receipts',
  });

  it('initialises a payment under our transaction_id and gives its payment_url', async () => {
    const req = request();
    const started = await client().requestPayment(req);
    expect(started.status).toBe('pending');
    expect(started.launchUrl).toBe(`${sim.url}/p/${started.providerRef}`);
    const p = sim.payments.find((x) => x.transaction_id === req.reference)!;
    expect(p).toMatchObject({ amount: 1500, currency: 'XAF', customer_phone_number: '690000001', notify_url: req.callbackUrl });
    // The characters CinetPay refuses in a description are left out.
    expect(p.description).not.toMatch(/[#/$_&]/);
  });

  it('reads WAITING_FOR_CUSTOMER as pending, then ACCEPTED or REFUSED, and null when unknown', async () => {
    const ok = request();
    await client().requestPayment(ok);
    expect(await client().paymentStatus({ reference: ok.reference, providerRef: null })).toMatchObject({ status: 'pending' });
    await sim.complete(ok.reference, { deliveries: 0 });
    expect(await client().paymentStatus({ reference: ok.reference, providerRef: null })).toMatchObject({ status: 'success' });
    const ko = request();
    await client().requestPayment(ko);
    await sim.fail(ko.reference, { deliveries: 0 });
    expect(await client().paymentStatus({ reference: ko.reference, providerRef: null })).toMatchObject({ status: 'failed' });
    expect(await client().paymentStatus({ reference: 'nope', providerRef: null })).toBeNull();
  });

  it('refuses an amount that is not a multiple of 5', async () => {
    expect((await client().requestPayment(request('1502'))).status).toBe('failed');
  });

  it("signs notifications with x-token over the documented fields; a wrong key or a changed field doesn't verify", async () => {
    const req = request();
    await client().requestPayment(req);
    await sim.complete(req.reference);
    const d = received.at(-1)!;
    const input = { headers: d.headers, rawBody: d.body, query: {} };
    expect(d.headers['x-token']).toBe(cinetPayToken(sim.secretKey, new URLSearchParams(d.body)));
    expect(client().verifyCallback(input)).toBe(true);
    expect(client('another-secret').verifyCallback(input)).toBe(false);
    expect(client().verifyCallback({ ...input, rawBody: d.body.replace('cpm_amount=1500', 'cpm_amount=9500') })).toBe(false);
    expect(client().parseCallback(input)).toMatchObject({ reference: req.reference, status: null });
  });
});
