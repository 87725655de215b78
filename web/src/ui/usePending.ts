import { useCallback, useState } from 'react';

/**
 * Runs an async action and tells whether it is still running (for button loading states).
 * The sign-in screens use this rather than TanStack mutations: they cache nothing, and keeping
 * TanStack Query off the sign-in path saves ~8 kB gzip on the first load.
 */
export function usePending<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<R> => {
      setPending(true);
      try {
        return await action(...args);
      } finally {
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending };
}
