import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { MAP_DEFAULT_ZOOM } from '@flotte/contract/geo';
import { boundsOf } from './address.ts';
import type { GeoConfig, GeoPoint } from './geo-api.ts';
import type { FleetMapMarker } from './FleetMap.tsx';
import { ConfiguredTiles, InvalidateOnResize, L, MAP_OPTIONS, mapStyle } from './leaflet-setup.tsx';

export interface FleetMapViewProps {
  config: GeoConfig | undefined;
  markers: readonly FleetMapMarker[];
  route?: readonly [number, number][];
  onMarkerClick?: (id: string) => void;
  fitKey?: string;
  height: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A marker drawn in CSS (no image to load). A registration's pill gets a width from its length
 * (12 px bold, some 7.5 px a character): the icon keeps a real box, which a tap and the keyboard
 * focus ring need, and the text stays centred on the point even when the estimate is off.
 */
function markerIcon(m: FleetMapMarker): L.DivIcon {
  const ring = m.alert ? '0 0 0 3px #c92a2a,' : '';
  const round = m.shape === 'round';
  const width = round ? 26 : Math.round(m.label.length * 7.5 + 20);
  const height = round ? 26 : 22;
  const html = `<span style="box-sizing:border-box;display:flex;align-items:center;justify-content:center;width:${width}px;height:${height}px;border-radius:${round ? '50%' : '11px'};white-space:nowrap;background:${m.color};color:#fff;font:700 12px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:${ring}0 1px 4px rgba(0,0,0,.45)">${escapeHtml(m.label)}</span>`;
  return L.divIcon({ html, className: 'flotte-fleet-marker', iconSize: [width, height], iconAnchor: [width / 2, height / 2], tooltipAnchor: [0, -height / 2] });
}

/** Frames the points when `fitKey` changes, not at every refresh (the person may have zoomed in). */
function FitOnKey({ points, fitKey }: { points: readonly GeoPoint[]; fitKey: string }) {
  const map = useMap();
  useEffect(() => {
    const bounds = boundsOf(points);
    if (!bounds) return;
    if (bounds[0][0] === bounds[1][0] && bounds[0][1] === bounds[1][1]) map.setView(bounds[0], MAP_DEFAULT_ZOOM);
    else map.fitBounds(bounds, { padding: [32, 32], maxZoom: 16 });
    // `fitKey` stands for `points` on purpose.
  }, [fitKey, map]);
  return null;
}

/** Vehicles or stops on the map (loaded on demand), with the day's route under them. */
export default function FleetMapView({ config, markers, route, onMarkerClick, fitKey, height }: FleetMapViewProps) {
  const icons = useMemo(() => new Map(markers.map((m) => [m.id, markerIcon(m)])), [markers]);
  const points = useMemo<GeoPoint[]>(
    () => [...markers.map((m) => ({ latitude: m.latitude, longitude: m.longitude })), ...(route ?? []).map(([latitude, longitude]) => ({ latitude, longitude }))],
    [markers, route],
  );
  const key = fitKey ?? `${markers.map((m) => m.id).join(',')}|${route?.length ?? 0}`;
  const center = points[0] ?? config?.center ?? { latitude: 0, longitude: 0 };
  return (
    <MapContainer center={[center.latitude, center.longitude]} zoom={config?.zoom ?? MAP_DEFAULT_ZOOM} style={mapStyle(height)} {...MAP_OPTIONS}>
      <ConfiguredTiles config={config} />
      <InvalidateOnResize />
      <FitOnKey points={points} fitKey={key} />
      {route && route.length >= 2 ? <Polyline positions={route as [number, number][]} pathOptions={{ color: '#1c7ed6', weight: 4, opacity: 0.85 }} /> : null}
      {markers.map((m) => (
        <Marker
          key={m.id}
          position={[m.latitude, m.longitude]}
          icon={icons.get(m.id)!}
          keyboard={Boolean(onMarkerClick)}
          interactive
          eventHandlers={onMarkerClick ? { click: () => onMarkerClick(m.id) } : undefined}
        >
          <Tooltip>{m.title}</Tooltip>
        </Marker>
      ))}
    </MapContainer>
  );
}
