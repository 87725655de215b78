import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { greatCircleMetres } from '@flotte/contract/geo';
import { createOsrmClient } from './osrm.client.ts';
import { startOsrmSimulator, type OsrmSimulator } from './osrm.simulator.ts';

const AIRPORT_DLA = { latitude: 4.0061, longitude: 9.7195 };
const AKWA_PALACE = { latitude: 4.0468, longitude: 9.6977 };
const DAKAR = { latitude: 14.6717, longitude: -17.4347 };

describe('OSRM client against the simulator', () => {
  let sim: OsrmSimulator;
  beforeAll(async () => {
    sim = await startOsrmSimulator();
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.down = false;
    sim.requests.length = 0;
  });
  const client = (timeoutMs = 2000) => createOsrmClient({ baseUrl: sim.url, userAgent: 'Flotte-test', timeoutMs });

  it('asks the documented route (lon,lat) and answers a plausible road as [lat, lng] points', async () => {
    const route = await client().route(AIRPORT_DLA, AKWA_PALACE);
    expect(sim.requests).toEqual(['9.719500,4.006100;9.697700,4.046800']);
    const straight = greatCircleMetres(AIRPORT_DLA, AKWA_PALACE);
    expect(route.distanceM / straight).toBeGreaterThanOrEqual(1.25);
    expect(route.distanceM / straight).toBeLessThanOrEqual(1.4);
    // About 25 km/h in town.
    expect(route.distanceM / route.durationS).toBeCloseTo(25 / 3.6, 1);
    expect(route.path[0]).toEqual([4.0061, 9.7195]);
    expect(route.path.at(-1)).toEqual([4.0468, 9.6977]);
    expect(route.path.length).toBeGreaterThan(10);
    // The road bends off the straight line.
    const mid = route.path[Math.floor(route.path.length / 2)];
    const straightMid = [(AIRPORT_DLA.latitude + AKWA_PALACE.latitude) / 2, (AIRPORT_DLA.longitude + AKWA_PALACE.longitude) / 2];
    expect(greatCircleMetres({ latitude: mid[0], longitude: mid[1] }, { latitude: straightMid[0], longitude: straightMid[1] })).toBeGreaterThan(200);
  });

  it('answers the same road for the same trip', async () => {
    expect(await client().route(AIRPORT_DLA, AKWA_PALACE)).toEqual(await client().route(AIRPORT_DLA, AKWA_PALACE));
  });

  it("throws OSRM's code when there is no road", async () => {
    await expect(client().route(AKWA_PALACE, DAKAR)).rejects.toThrow('OSRM route: NoRoute (Impossible route between points)');
  });

  it('throws on an HTTP error, the service down, or its timeout', async () => {
    sim.failNext(502);
    await expect(client().route(AIRPORT_DLA, AKWA_PALACE)).rejects.toThrow(/^OSRM route: HTTP 502/);
    sim.down = true;
    await expect(client().route(AIRPORT_DLA, AKWA_PALACE)).rejects.toThrow(/^OSRM route: HTTP 503/);
    sim.down = false;
    sim.stallNext(1000);
    await expect(client(100).route(AIRPORT_DLA, AKWA_PALACE)).rejects.toThrow('OSRM route timed out after 100 ms');
  });
});
