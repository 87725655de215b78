import { lazy, Suspense } from 'react';
import { useGeoConfig } from './geo-api.ts';
import { MapFallback } from './MapFallback.tsx';

const FleetMapView = lazy(() => import('./FleetMapView.tsx'));

/** One point on a fleet map: a vehicle's last position, or a stop of its day. */
export interface FleetMapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** The text on the marker: a registration ('pill') or a stop's number ('round'). */
  label: string;
  /** Background under white text (keep it at 4.5:1 with white). */
  color: string;
  /** What the marker's tooltip says (and its accessible name with the label). */
  title: string;
  shape?: 'pill' | 'round';
  /** A red ring (a locked vehicle). */
  alert?: boolean;
}

export interface FleetMapProps {
  markers: readonly FleetMapMarker[];
  /** A route to draw: [latitude, longitude] pairs in time order. */
  route?: readonly [number, number][];
  /** A tap on a marker (the fleet opens the vehicle's day). */
  onMarkerClick?: (id: string) => void;
  /**
   * The map frames its points again only when this changes (default: which markers there are):
   * a refresh that moves the vehicles keeps the person's zoom and place.
   */
  fitKey?: string;
  height?: number;
  /** The region's name for screen readers ('Carte de la flotte'). */
  label: string;
  testId?: string;
}

/**
 * Vehicles (or stops) on a map, with an optional route; framed to fit. Leaflet loads with it, on
 * demand, like the kit's other maps.
 */
export function FleetMap({ markers, route, onMarkerClick, fitKey, height = 320, label, testId = 'fleet-map' }: FleetMapProps) {
  const config = useGeoConfig();
  return (
    <div data-testid={testId} role="region" aria-label={label} style={{ borderRadius: 8, overflow: 'hidden' }}>
      {config.isPending ? (
        <MapFallback height={height} />
      ) : (
        <Suspense fallback={<MapFallback height={height} />}>
          <FleetMapView config={config.data} markers={markers} route={route} onMarkerClick={onMarkerClick} fitKey={fitKey} height={height} />
        </Suspense>
      )}
    </div>
  );
}
