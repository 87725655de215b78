import type { YangoConfig } from './yango.config.ts';
import { createYangoClient } from './yango.client.ts';
import { startYangoSimulator } from './yango.simulator.ts';
import type { YangoApi, YangoClient, YangoSimulator } from './yango.types.ts';

/**
 * The app's one way to the Fleet API. In simulator mode the real client talks to the loopback
 * simulator, started on first use (building the app does no I/O) and stopped by close(); its
 * pacing then drops to nothing, since a simulator needs no politeness and tests would crawl.
 */
export function createYangoApi(config: YangoConfig): YangoApi {
  const live = config.mode === 'live';
  let sim: Promise<YangoSimulator> | undefined;
  let client: Promise<YangoClient> | undefined;
  let closed = false;
  const startSim = () => (sim ??= startYangoSimulator());
  const options = { timeoutMs: config.timeoutMs, maxRetries: 4, backoffMs: live ? 1000 : 20 };
  return {
    mode: config.mode,
    debitCategoryId: config.debitCategoryId,
    client() {
      if (closed) return Promise.reject(new Error('the Yango API is closed'));
      return (client ??= live
        ? Promise.resolve(createYangoClient({ ...options, baseUrl: config.baseUrl, minIntervalMs: config.minIntervalMs }))
        : startSim().then((s) => createYangoClient({ ...options, baseUrl: s.url, minIntervalMs: 0 })));
    },
    simulator() {
      return live ? null : startSim();
    },
    async close() {
      closed = true;
      if (sim) await (await sim).close();
    },
  };
}
