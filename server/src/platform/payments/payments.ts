import { createCinetPayClient } from '../../integrations/cinetpay/cinetpay.client.ts';
import { startCinetPaySimulator, type CinetPaySimulator } from '../../integrations/cinetpay/cinetpay.simulator.ts';
import { createMtnMomoClient } from '../../integrations/mtn-momo/mtn-momo.client.ts';
import { startMtnMomoSimulator, type MtnMomoSimulator } from '../../integrations/mtn-momo/mtn-momo.simulator.ts';
import { createWaveClient } from '../../integrations/wave/wave.client.ts';
import { startWaveSimulator, type WaveSimulator } from '../../integrations/wave/wave.simulator.ts';
import { createCinetPayCheckoutClient } from '../../integrations/cinetpay/cinetpay.checkout.ts';
import { startCinetPayCheckoutSimulator, type CinetPayCheckoutSimulator } from '../../integrations/cinetpay/cinetpay.checkout.simulator.ts';
import { createMtnCollectionClient } from '../../integrations/mtn-momo/mtn-momo.collection.ts';
import { startMtnCollectionSimulator, type MtnCollectionSimulator } from '../../integrations/mtn-momo/mtn-momo.collection.simulator.ts';
import { createWaveCheckoutClient } from '../../integrations/wave/wave.checkout.ts';
import { startWaveCheckoutSimulator, type WaveCheckoutSimulator } from '../../integrations/wave/wave.checkout.simulator.ts';
import type { CallbackTransport } from './collection-sim.ts';
import type { CollectionClientName, CollectionProvider } from './collection.types.ts';
import type { PaymentsConfig } from './payments.config.ts';
import type { PayoutProvider } from './payments.types.ts';

/**
 * The payment providers the withdrawal flow pays out through, by the provider a withdrawal mode
 * names: wave -> Wave, mtn -> MTN MoMo, orange and moov -> CinetPay. In simulator mode the same
 * real clients talk to loopback simulators, started on the first payout (so building the app does
 * no I/O) and stopped with the app.
 */

export type ProviderName = 'wave' | 'mtn' | 'orange' | 'moov';

export interface PaymentSimulators {
  wave: WaveSimulator;
  mtn: MtnMomoSimulator;
  cinetpay: CinetPaySimulator;
}

/** The collection (pay-in) simulators: separate servers from the payout ones, started on the first pay-in. */
export interface CollectionSimulators {
  wave: WaveCheckoutSimulator;
  mtn: MtnCollectionSimulator;
  cinetpay: CinetPayCheckoutSimulator;
}

export interface PaymentGateway {
  readonly mode: PaymentsConfig['mode'];
  /** The provider paying out for this name, or null when it is not configured. */
  provider(name: ProviderName): PayoutProvider | null;
  /** Simulator mode: the running simulators (started if needed), for tests and the demo. */
  simulators(): Promise<PaymentSimulators>;
  /** The client collecting pay-ins (wave -> Wave Checkout, mtn -> MTN Collection, cinetpay -> CinetPay payment API), or null when not configured. */
  collector(name: CollectionClientName): CollectionProvider | null;
  /** Simulator mode: the running collection simulators (started if needed). */
  collectionSimulators(): Promise<CollectionSimulators>;
  /**
   * Simulator mode: how the collection simulators deliver callbacks to our webhooks, and where the
   * Wave webhook goes (the app sets it to deliver in-process, through the real routes).
   */
  setCallbackTransport(transport: CallbackTransport, waveWebhookUrl: string): void;
  close(): Promise<void>;
}

/** Which collection client collects for an operator's provider: Orange and Moov go through CinetPay. */
export const COLLECTOR_OF: Record<ProviderName, CollectionClientName> = { wave: 'wave', mtn: 'mtn', orange: 'cinetpay', moov: 'cinetpay' };

type Client = 'wave' | 'mtn' | 'cinetpay';
const CLIENT_OF: Record<ProviderName, Client> = { wave: 'wave', mtn: 'mtn', orange: 'cinetpay', moov: 'cinetpay' };

export function createPaymentGateway(config: PaymentsConfig): PaymentGateway {
  const { timeoutMs } = config;
  if (config.mode === 'live') {
    const clients: Partial<Record<Client, PayoutProvider>> = {
      ...(config.wave ? { wave: createWaveClient({ ...config.wave, timeoutMs }) } : {}),
      ...(config.mtn ? { mtn: createMtnMomoClient({ ...config.mtn, timeoutMs }) } : {}),
      ...(config.cinetpay ? { cinetpay: createCinetPayClient({ ...config.cinetpay, timeoutMs }) } : {}),
    };
    const collectors: Partial<Record<CollectionClientName, CollectionProvider>> = {
      ...(config.waveCheckout ? { wave: createWaveCheckoutClient({ ...config.waveCheckout, timeoutMs }) } : {}),
      ...(config.mtnCollection ? { mtn: createMtnCollectionClient({ ...config.mtnCollection, timeoutMs }) } : {}),
      ...(config.cinetpayCheckout ? { cinetpay: createCinetPayCheckoutClient({ ...config.cinetpayCheckout, timeoutMs }) } : {}),
    };
    return {
      mode: 'live',
      provider: (name) => clients[CLIENT_OF[name]] ?? null,
      simulators: () => Promise.reject(new Error('payment simulators run only in simulator mode')),
      collector: (name) => collectors[name] ?? null,
      collectionSimulators: () => Promise.reject(new Error('payment simulators run only in simulator mode')),
      setCallbackTransport: () => undefined,
      close: async () => undefined,
    };
  }

  let started: Promise<{ sims: PaymentSimulators; clients: Record<Client, PayoutProvider> }> | undefined;
  let closed = false;
  const start = () =>
    (started ??= (async () => {
      const settle = config.simulatorSettleMs;
      const [wave, mtn, cinetpay] = await Promise.all([
        startWaveSimulator({ settleAfterMs: settle }),
        startMtnMomoSimulator({ settleAfterMs: settle }),
        startCinetPaySimulator({ settleAfterMs: settle }),
      ]);
      const clients: Record<Client, PayoutProvider> = {
        wave: createWaveClient({ baseUrl: wave.url, apiKey: wave.apiKey, timeoutMs }),
        mtn: createMtnMomoClient({ baseUrl: mtn.url, apiUser: mtn.apiUser, apiKey: mtn.apiKey, subscriptionKey: mtn.subscriptionKey, targetEnvironment: mtn.targetEnvironment, timeoutMs }),
        cinetpay: createCinetPayClient({ baseUrl: cinetpay.url, apiKey: cinetpay.apiKey, password: cinetpay.password, timeoutMs }),
      };
      return { sims: { wave, mtn, cinetpay }, clients };
    })());

  // A provider whose simulator starts on its first call.
  const lazy = (client: Client): PayoutProvider => ({
    name: client,
    amountMultipleOf: client === 'cinetpay' ? 5 : undefined,
    payout: async (req) => (await start()).clients[client].payout(req),
    payoutStatus: async (lookup) => (await start()).clients[client].payoutStatus(lookup),
  });
  const providers: Record<Client, PayoutProvider> = { wave: lazy('wave'), mtn: lazy('mtn'), cinetpay: lazy('cinetpay') };

  // Collection simulators: their own servers, started on the first pay-in, settling on their own
  // after PAYMENTS_SIMULATOR_SETTLE_MS (tests set settleAfterMs to null and drive them).
  let transport: CallbackTransport | undefined;
  let waveWebhookUrl: string | undefined;
  let collecting: Promise<{ sims: CollectionSimulators; clients: Record<CollectionClientName, CollectionProvider> }> | undefined;
  const startCollection = () =>
    (collecting ??= (async () => {
      const settleAfterMs = config.simulatorSettleMs;
      const [wave, mtn, cinetpay] = await Promise.all([
        startWaveCheckoutSimulator({ settleAfterMs, ...(waveWebhookUrl ? { webhookUrl: waveWebhookUrl } : {}) }),
        startMtnCollectionSimulator({ settleAfterMs }),
        startCinetPayCheckoutSimulator({ settleAfterMs }),
      ]);
      if (transport) for (const sim of [wave, mtn, cinetpay]) sim.transport = transport;
      const clients: Record<CollectionClientName, CollectionProvider> = {
        wave: createWaveCheckoutClient({ baseUrl: wave.url, apiKey: wave.apiKey, webhookSecret: wave.webhookSecret, timeoutMs }),
        mtn: createMtnCollectionClient({ baseUrl: mtn.url, apiUser: mtn.apiUser, apiKey: mtn.apiKey, subscriptionKey: mtn.subscriptionKey, targetEnvironment: mtn.targetEnvironment, timeoutMs }),
        cinetpay: createCinetPayCheckoutClient({ baseUrl: cinetpay.url, apiKey: cinetpay.apiKey, siteId: cinetpay.siteId, secretKey: cinetpay.secretKey, timeoutMs }),
      };
      return { sims: { wave, mtn, cinetpay }, clients };
    })());
  let collected: Awaited<ReturnType<typeof startCollection>> | undefined;
  const ensureCollection = async () => (collected ??= await startCollection());
  // A collector whose simulator starts on its first call. Checking a callback needs it started
  // (the webhook secret is the simulator's), which any pay-in that can be called back did.
  const lazyCollector = (name: CollectionClientName): CollectionProvider => ({
    name,
    amountMultipleOf: name === 'cinetpay' ? 5 : undefined,
    requestPayment: async (req) => (await ensureCollection()).clients[name].requestPayment(req),
    paymentStatus: async (lookup) => (await ensureCollection()).clients[name].paymentStatus(lookup),
    verifyCallback: (input) => (collected ? collected.clients[name].verifyCallback(input) : false),
    parseCallback: (input) => (collected ? collected.clients[name].parseCallback(input) : null),
    cancelPayment: async (lookup) => (await ensureCollection()).clients[name].cancelPayment?.(lookup),
  });
  const collectors: Record<CollectionClientName, CollectionProvider> = { wave: lazyCollector('wave'), mtn: lazyCollector('mtn'), cinetpay: lazyCollector('cinetpay') };

  return {
    mode: 'simulator',
    provider: (name) => providers[CLIENT_OF[name]],
    simulators: async () => (await start()).sims,
    collector: (name) => collectors[name],
    collectionSimulators: async () => (await ensureCollection()).sims,
    setCallbackTransport(t, url) {
      transport = t;
      waveWebhookUrl = url;
      if (collected) {
        for (const sim of Object.values(collected.sims)) sim.transport = t;
        collected.sims.wave.webhookUrl = url;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      const all: Promise<void>[] = [];
      if (started) {
        const { sims } = await started;
        all.push(sims.wave.close(), sims.mtn.close(), sims.cinetpay.close());
      }
      if (collecting) {
        const { sims } = await collecting;
        all.push(sims.wave.close(), sims.mtn.close(), sims.cinetpay.close());
      }
      await Promise.all(all);
    },
  };
}
