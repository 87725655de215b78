import { GPS_GAP_SECONDS, GPS_STOP_MIN_SECONDS, GPS_STOP_SPEED_KMH } from '@flotte/contract/gps';
import type { GpsFix } from '../../integrations/gps/gps.types.ts';
import { isStill, validFix } from './gps-geo.ts';

export { isStill };

/**
 * Stops computed from positions, for providers without a stops report (flespi). Issue 22: a stop
 * is 5 minutes or more under the speed threshold, or with the ignition off; a gap over an hour
 * between two fixes closes the stop (or the trip) it falls in. Pure: the tests feed it tracks.
 */

export interface DetectedStop {
  start: Date;
  end: Date;
  latitude: number;
  longitude: number;
  seconds: number;
  /** The vehicle is still there at the period's end. */
  ongoing: boolean;
  /** The provider's address of the stop's first fix that has one. */
  address: string | null;
}

export interface StopOptions {
  minSeconds?: number;
  speedKmh?: number;
  gapSeconds?: number;
  /**
   * The period's end (capped at now by the caller): an ongoing stop runs to it when the last fix is
   * within a gap of it; otherwise it ends at its last fix.
   */
  periodEnd?: Date;
}


const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The stops of a track, oldest first. A run of still fixes starts at its first fix and ends when
 * the vehicle leaves (the first moving fix after it, if within a gap), at the last still fix before
 * a gap, or, still at the period's end, runs on (ongoing). Its place is the median of its fixes
 * (ignition-off drift averages out).
 */
export function detectStops(fixes: readonly GpsFix[], opts: StopOptions = {}): DetectedStop[] {
  const minSeconds = opts.minSeconds ?? GPS_STOP_MIN_SECONDS;
  const speed = opts.speedKmh ?? GPS_STOP_SPEED_KMH;
  const gapMs = (opts.gapSeconds ?? GPS_GAP_SECONDS) * 1000;
  const track = fixes.filter((f) => validFix(f) && (!opts.periodEnd || f.at <= opts.periodEnd)).sort((a, b) => a.at.getTime() - b.at.getTime());
  const out: DetectedStop[] = [];
  let run: GpsFix[] = [];

  const close = (end: Date, ongoing: boolean) => {
    if (run.length === 0) return;
    const start = run[0].at;
    const seconds = Math.floor((end.getTime() - start.getTime()) / 1000);
    if (seconds >= minSeconds) {
      out.push({
        start,
        end,
        latitude: median(run.map((f) => f.latitude)),
        longitude: median(run.map((f) => f.longitude)),
        seconds,
        ongoing,
        address: run.find((f) => f.address)?.address ?? null,
      });
    }
    run = [];
  };

  for (let i = 0; i < track.length; i++) {
    const f = track[i];
    const last = run[run.length - 1];
    if (last && f.at.getTime() - last.at.getTime() > gapMs) close(last.at, false);
    if (isStill(f, speed)) run.push(f);
    else if (run.length) close(f.at, false);
  }
  if (run.length) {
    const last = run[run.length - 1];
    const end = opts.periodEnd && opts.periodEnd.getTime() - last.at.getTime() <= gapMs && opts.periodEnd > last.at ? opts.periodEnd : last.at;
    close(end, true);
  }
  return out;
}

/**
 * Seconds driven: the time between consecutive fixes (not across a gap) outside the stops. Short
 * halts (a traffic light) count as driving, as the trip goes on.
 */
export function movingSeconds(fixes: readonly GpsFix[], stops: readonly { start: Date; end: Date }[], gapSeconds = GPS_GAP_SECONDS): number {
  const track = fixes.filter(validFix).sort((a, b) => a.at.getTime() - b.at.getTime());
  let ms = 0;
  for (let i = 1; i < track.length; i++) {
    const a = track[i - 1].at.getTime();
    const b = track[i].at.getTime();
    if (b - a > gapSeconds * 1000) continue;
    if (stops.some((s) => a >= s.start.getTime() && b <= s.end.getTime())) continue;
    ms += b - a;
  }
  return Math.round(ms / 1000);
}
