import { useEffect, useRef, useState } from 'react';
import { Alert, Text } from '@mantine/core';

export const REDIRECT_SECONDS = 3;

/** The success message of a reset or a deletion, then `onDone` after 3 seconds (spec 002 section 2). */
export function RedirectCountdown({ message, destination, onDone }: { message: string; destination: string; onDone: () => void }) {
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <Alert color="teal" title={message} role="status" data-testid="redirect-countdown">
      <Text size="sm">
        Redirection vers {destination} dans <span data-testid="redirect-seconds">{left}</span> s…
      </Text>
    </Alert>
  );
}
