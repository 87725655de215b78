import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReporter, type Fix } from './position-reporter.ts';

const fix = (n: number): Fix => ({ latitude: 4 + n / 1000, longitude: 9.7, accuracy: 10, speed: null, heading: null, recorded_at: n });

describe('createReporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first fix at once, then at most one every 30 s, the latest one', async () => {
    const sent: number[] = [];
    const reporter = createReporter({ intervalMs: 30_000, send: async (f) => void sent.push(f.recorded_at) });
    reporter.offer(fix(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1]);
    reporter.offer(fix(2));
    await vi.advanceTimersByTimeAsync(10_000);
    reporter.offer(fix(3));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([1]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([1, 3]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([1, 3]); // nothing new offered, nothing sent
  });

  it("waits longer when the server asks it, and a failure doesn't stop the next", async () => {
    const sent: number[] = [];
    let fail = true;
    const reporter = createReporter({
      intervalMs: 30_000,
      send: async (f) => {
        sent.push(f.recorded_at);
        if (fail) {
          fail = false;
          throw new Error('réseau');
        }
        return 45;
      },
    });
    reporter.offer(fix(1));
    await vi.advanceTimersByTimeAsync(0);
    reporter.offer(fix(2));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([1, 2]);
    reporter.offer(fix(3));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent).toEqual([1, 2, 3]);
  });

  it('sends nothing once stopped', async () => {
    const sent: number[] = [];
    const reporter = createReporter({ intervalMs: 30_000, send: async (f) => void sent.push(f.recorded_at) });
    reporter.offer(fix(1));
    await vi.advanceTimersByTimeAsync(0);
    reporter.offer(fix(2));
    reporter.stop();
    reporter.offer(fix(3));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toEqual([1]);
  });
});
