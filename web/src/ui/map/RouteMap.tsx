import { lazy, Suspense } from 'react';
import type { TAddress } from '@flotte/contract/geo';
import { useGeoConfig } from './geo-api.ts';
import { MapFallback } from './MapFallback.tsx';

const RouteMapView = lazy(() => import('./RouteMapView.tsx'));

export interface RouteMapProps {
  start: TAddress;
  end: TAddress;
  /** [latitude, longitude] pairs of the road (GET /api/geo/route); the straight line without it. */
  geometry?: [number, number][];
  height?: number;
}

/** A ride's map: markers A and B, the road, framed to fit. Leaflet loads with it, on demand. */
export function RouteMap({ start, end, geometry, height = 260 }: RouteMapProps) {
  const config = useGeoConfig();
  return (
    <div data-testid="route-map" role="region" aria-label={`Trajet de ${start.name} à ${end.name}`} style={{ borderRadius: 8, overflow: 'hidden' }}>
      {config.isPending ? (
        <MapFallback height={height} />
      ) : (
        <Suspense fallback={<MapFallback height={height} />}>
          <RouteMapView config={config.data} start={start} end={end} geometry={geometry} height={height} />
        </Suspense>
      )}
    </div>
  );
}
