import { Skeleton } from '@mantine/core';

/** What stands in for a map while Leaflet downloads (or when a map's chunk fails to load). */
export function MapFallback({ height }: { height: number }) {
  return <Skeleton height={height} radius="md" aria-hidden />;
}
