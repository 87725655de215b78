import { createCinetPayClient } from '../../integrations/cinetpay/cinetpay.client.ts';
import { startCinetPaySimulator, type CinetPaySimulator } from '../../integrations/cinetpay/cinetpay.simulator.ts';
import { createMtnMomoClient } from '../../integrations/mtn-momo/mtn-momo.client.ts';
import { startMtnMomoSimulator, type MtnMomoSimulator } from '../../integrations/mtn-momo/mtn-momo.simulator.ts';
import { createWaveClient } from '../../integrations/wave/wave.client.ts';
import { startWaveSimulator, type WaveSimulator } from '../../integrations/wave/wave.simulator.ts';
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

export interface PaymentGateway {
  readonly mode: PaymentsConfig['mode'];
  /** The provider paying out for this name, or null when it is not configured. */
  provider(name: ProviderName): PayoutProvider | null;
  /** Simulator mode: the running simulators (started if needed), for tests and the demo. */
  simulators(): Promise<PaymentSimulators>;
  close(): Promise<void>;
}

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
    return {
      mode: 'live',
      provider: (name) => clients[CLIENT_OF[name]] ?? null,
      simulators: () => Promise.reject(new Error('payment simulators run only in simulator mode')),
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

  return {
    mode: 'simulator',
    provider: (name) => providers[CLIENT_OF[name]],
    simulators: async () => (await start()).sims,
    async close() {
      if (closed || !started) return;
      closed = true;
      const { sims } = await started;
      await Promise.all([sims.wave.close(), sims.mtn.close(), sims.cinetpay.close()]);
    },
  };
}
