import { createFlespiClient } from '../flespi/flespi.client.ts';
import { FLESPI_DEMO_TOKEN, startFlespiSimulator } from '../flespi/flespi.simulator.ts';
import { createDeviceFleet } from '../gps-sim/device-fleet.ts';
import { createTraccarClient } from '../traccar/traccar.client.ts';
import { TRACCAR_DEMO_TOKEN, startTraccarSimulator } from '../traccar/traccar.simulator.ts';
import type { GpsConfig } from './gps.config.ts';
import type { GpsApi, GpsClient, GpsProviderKind, GpsSimulators } from './gps.types.ts';

/**
 * The app's one way to the telematics providers. In simulator mode the real clients talk to the
 * loopback simulators (one fleet of simulated devices behind both wire formats), started on
 * first use (building the app does no I/O) and stopped by close().
 */
export function createGpsApi(config: GpsConfig): GpsApi {
  const live = config.mode === 'live';
  let sims: Promise<GpsSimulators> | undefined;
  const clients = new Map<GpsProviderKind, Promise<GpsClient>>();
  let closed = false;
  const startSims = () => (sims ??= startGpsSimulators());
  const build = async (provider: GpsProviderKind): Promise<GpsClient> => {
    if (live) {
      return provider === 'flespi'
        ? createFlespiClient({ baseUrl: config.flespiBaseUrl, timeoutMs: config.timeoutMs })
        : createTraccarClient({ timeoutMs: config.timeoutMs });
    }
    const s = await startSims();
    return provider === 'flespi'
      ? createFlespiClient({ baseUrl: s.flespiUrl, timeoutMs: config.timeoutMs })
      : createTraccarClient({ timeoutMs: config.timeoutMs, baseUrlOverride: s.traccarUrl });
  };
  return {
    mode: config.mode,
    client(provider) {
      if (closed) return Promise.reject(new Error('the GPS API is closed'));
      let c = clients.get(provider);
      if (!c) clients.set(provider, (c = build(provider)));
      return c;
    },
    simulators() {
      return live ? null : startSims();
    },
    demoCredentials(provider) {
      if (live) return null;
      return startSims().then((s) =>
        provider === 'flespi' ? { provider, secret: FLESPI_DEMO_TOKEN } : { provider, baseUrl: s.traccarUrl, secret: TRACCAR_DEMO_TOKEN },
      );
    },
    async close() {
      closed = true;
      if (sims) await (await sims).close();
    },
  };
}

/** Both wire simulators over one fleet of simulated devices (a lock sent through either holds in both). */
export async function startGpsSimulators(opts: { now?: () => Date } = {}): Promise<GpsSimulators> {
  const devices = createDeviceFleet(opts);
  const [flespi, traccar] = await Promise.all([startFlespiSimulator(devices), startTraccarSimulator(devices)]);
  return {
    flespiUrl: flespi.url,
    traccarUrl: traccar.url,
    devices,
    async close() {
      await Promise.all([flespi.close(), traccar.close()]);
    },
  };
}
