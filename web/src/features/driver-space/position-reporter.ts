/**
 * When the phone's position is sent while he is on duty (issue 22 section 2): the browser's
 * watchPosition gives fixes as often as it likes; at most one leaves every `intervalMs` (30 s,
 * or what the server's last answer asked), the latest fix waiting for its turn. Pure timing, the
 * clock and timers given, so the unit tests drive it with fake timers.
 */
export interface Fix {
  latitude: number;
  longitude: number;
  accuracy: number;
  speed: number | null;
  heading: number | null;
  recorded_at: number;
}

export interface ReporterOptions {
  intervalMs: number;
  /** Sends one fix; answers how many seconds the server wants before the next (or undefined). */
  send: (fix: Fix) => Promise<number | undefined>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface Reporter {
  /** A new fix from the browser. */
  offer: (fix: Fix) => void;
  /** Stops: nothing more is sent. */
  stop: () => void;
}

export function createReporter(options: ReporterOptions): Reporter {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let nextAt = 0; // when the next fix may leave
  let waiting: Fix | null = null;
  let timer: unknown = null;
  let sending = false;
  let stopped = false;

  const flush = () => {
    timer = null;
    if (stopped || sending || !waiting) return;
    const wait = nextAt - now();
    if (wait > 0) {
      timer = setTimer(flush, wait);
      return;
    }
    const fix = waiting;
    waiting = null;
    sending = true;
    nextAt = now() + options.intervalMs;
    options
      .send(fix)
      .then(
        (askedSeconds) => {
          if (askedSeconds !== undefined && askedSeconds > 0) nextAt = Math.max(nextAt, now() + askedSeconds * 1000);
        },
        () => undefined, // a lost fix is not retried: a fresher one follows
      )
      .finally(() => {
        sending = false;
        if (waiting && !stopped && timer === null) timer = setTimer(flush, Math.max(0, nextAt - now()));
      });
  };

  return {
    offer(fix) {
      if (stopped) return;
      waiting = fix; // only the latest counts
      if (timer === null && !sending) flush();
    },
    stop() {
      stopped = true;
      waiting = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

/** The browser's GeolocationPosition as the server takes it (speed in m/s, heading in degrees). */
export function fixOf(position: GeolocationPosition): Fix {
  const c = position.coords;
  return {
    latitude: c.latitude,
    longitude: c.longitude,
    accuracy: Math.max(0, c.accuracy),
    speed: c.speed === null || Number.isNaN(c.speed) ? null : Math.max(0, c.speed),
    heading: c.heading === null || Number.isNaN(c.heading) ? null : c.heading,
    recorded_at: Math.round(position.timestamp),
  };
}
