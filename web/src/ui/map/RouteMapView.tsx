import { MapContainer, Marker, Polyline, Tooltip } from 'react-leaflet';
import type { TAddress } from '@flotte/contract/geo';
import type { GeoConfig } from './geo-api.ts';
import { FitBounds } from './FitBounds.tsx';
import { ConfiguredTiles, InvalidateOnResize, letterIcon, MAP_OPTIONS, mapStyle } from './leaflet-setup.tsx';

const START_ICON = letterIcon('A', '#2f9e44');
const END_ICON = letterIcon('B', '#e03131');

export interface RouteMapViewProps {
  config: GeoConfig | undefined;
  start: TAddress;
  end: TAddress;
  geometry?: [number, number][];
  height: number;
}

/** A ride on the map (loaded on demand): A the departure, B the arrival, the road between them. */
export default function RouteMapView({ config, start, end, geometry, height }: RouteMapViewProps) {
  // Without the road's shape (routing failed, great-circle fallback), the straight line.
  const line: [number, number][] =
    geometry && geometry.length >= 2
      ? geometry
      : [
          [start.latitude, start.longitude],
          [end.latitude, end.longitude],
        ];
  const points = [...line.map(([latitude, longitude]) => ({ latitude, longitude })), start, end];
  return (
    <MapContainer center={[start.latitude, start.longitude]} zoom={13} style={mapStyle(height)} {...MAP_OPTIONS}>
      <ConfiguredTiles config={config} />
      <InvalidateOnResize />
      <FitBounds points={points} />
      <Polyline positions={line} pathOptions={{ color: '#1c7ed6', weight: 5, opacity: 0.85, dashArray: geometry && geometry.length >= 2 ? undefined : '8 8' }} />
      <Marker position={[start.latitude, start.longitude]} icon={START_ICON} alt={`Départ : ${start.name}`}>
        <Tooltip>Départ : {start.name}</Tooltip>
      </Marker>
      <Marker position={[end.latitude, end.longitude]} icon={END_ICON} alt={`Arrivée : ${end.name}`}>
        <Tooltip>Arrivée : {end.name}</Tooltip>
      </Marker>
    </MapContainer>
  );
}
