import { useEffect, useRef, useState } from 'react';
import { PHONE_GPS_INTERVAL_SECONDS, type TDriverPositionAnswer } from '@flotte/contract/phone-gps';
import { ApiError } from '../../api/api-error.ts';
import { api } from '../../api/client.ts';
import { createReporter, fixOf } from './position-reporter.ts';

/** No fix for this long (or none yet) and an error: the card says the position can't be found. */
const UNAVAILABLE_AFTER_MS = 2 * 60_000;

export type ReporterState = 'off' | 'waiting' | 'sharing' | 'denied' | 'unavailable';

/**
 * While `active` (he consented, he is on duty, the page is open), follows the phone's position
 * (navigator.geolocation.watchPosition) and sends it to POST /driver/me/position at most every
 * `intervalSeconds` (position-reporter.ts holds the timing). `onRefused` is told when the server
 * says he is off duty or without consent, so the caller asks his status again.
 */
export function usePositionReporter(active: boolean, intervalSeconds = PHONE_GPS_INTERVAL_SECONDS, onRefused?: () => void) {
  const [state, setState] = useState<ReporterState>('off');
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const refused = useRef(onRefused);
  refused.current = onRefused;

  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState('unavailable');
      return;
    }
    setState('waiting');
    const reporter = createReporter({
      intervalMs: Math.max(PHONE_GPS_INTERVAL_SECONDS, intervalSeconds) * 1000,
      send: async (fix) => {
        try {
          const answer = await api.post<TDriverPositionAnswer>('/driver/me/position', fix);
          setLastSentAt(Date.now());
          setState('sharing');
          return answer.next_in_seconds;
        } catch (error) {
          if (error instanceof ApiError && (error.status === 403 || error.status === 409)) refused.current?.();
          throw error;
        }
      },
    });
    let lastFixAt = 0;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        lastFixAt = Date.now();
        setState((s) => (s === 'unavailable' || s === 'denied' ? 'waiting' : s));
        reporter.offer(fixOf(position));
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setState('denied');
        // A timeout between two good fixes is not worth a warning; two minutes without one is.
        else if (Date.now() - lastFixAt > UNAVAILABLE_AFTER_MS) setState('unavailable');
      },
      { enableHighAccuracy: true, maximumAge: 15_000, timeout: 60_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      reporter.stop();
    };
  }, [active, intervalSeconds]);

  return { state, lastSentAt };
}
