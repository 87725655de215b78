import { useEffect, useState, type ReactNode } from 'react';
import { useInViewport } from '@mantine/hooks';

/**
 * Renders its children once their place comes into view, and keeps them. A card far down a screen
 * (its code chunk, its requests) then costs nothing on a phone's first load over a slow network;
 * `minHeight` holds its place meanwhile so the page doesn't jump when it arrives.
 */
export function WhenVisible({ children, minHeight = 160, testId }: { children: ReactNode; minHeight?: number; testId?: string }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  if (seen) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} data-testid={testId} aria-hidden="true" />;
}
