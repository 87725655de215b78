import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { MAP_DEFAULT_ZOOM } from '@flotte/contract/geo';
import { boundsOf } from './address.ts';
import type { GeoPoint } from './geo-api.ts';

/** Frames `points` (one point: centred at zoom 15), again whenever they change. */
export function FitBounds({ points }: { points: readonly GeoPoint[] }) {
  const map = useMap();
  const key = points.map((p) => `${p.latitude},${p.longitude}`).join(';');
  useEffect(() => {
    const bounds = boundsOf(points);
    if (!bounds) return;
    if (points.length === 1 || (bounds[0][0] === bounds[1][0] && bounds[0][1] === bounds[1][1])) map.setView(bounds[0], MAP_DEFAULT_ZOOM);
    else map.fitBounds(bounds, { padding: [28, 28], maxZoom: 17 });
    // `key` stands for `points`: a new array with the same places must not move the map.
  }, [key, map]);
  return null;
}
