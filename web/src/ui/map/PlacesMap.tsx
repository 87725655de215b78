import { lazy, Suspense } from 'react';
import type { TAddress } from '@flotte/contract/geo';
import { useGeoConfig } from './geo-api.ts';
import { MapFallback } from './MapFallback.tsx';

const PlacesMapView = lazy(() => import('./PlacesMapView.tsx'));

export interface PlacesMapProps {
  places: TAddress[];
  height?: number;
}

/** Places on a map (a client's addresses), numbered 1, 2, … as listed beside it; framed to fit. */
export function PlacesMap({ places, height = 240 }: PlacesMapProps) {
  const config = useGeoConfig();
  return (
    <div data-testid="places-map" role="region" aria-label={`Carte : ${places.map((p) => p.name).join(', ')}`} style={{ borderRadius: 8, overflow: 'hidden' }}>
      {config.isPending ? (
        <MapFallback height={height} />
      ) : (
        <Suspense fallback={<MapFallback height={height} />}>
          <PlacesMapView config={config.data} places={places} height={height} />
        </Suspense>
      )}
    </div>
  );
}
