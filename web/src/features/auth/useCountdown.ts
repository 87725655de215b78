import { useCallback, useEffect, useState } from 'react';

/** Seconds left before something may happen again (e.g. re-sending a code). */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  const active = remaining > 0;

  // One interval while counting; it stops by itself at zero and restarts with `restart`.
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);

  const restart = useCallback((seconds = initialSeconds) => {
    setEndsAt(Date.now() + seconds * 1000);
    setNow(Date.now());
  }, [initialSeconds]);

  return { remaining, restart };
}
