import { MapContainer, Marker, Tooltip } from 'react-leaflet';
import type { TAddress } from '@flotte/contract/geo';
import type { GeoConfig } from './geo-api.ts';
import { FitBounds } from './FitBounds.tsx';
import { ConfiguredTiles, InvalidateOnResize, letterIcon, MAP_OPTIONS, mapStyle } from './leaflet-setup.tsx';

export interface PlacesMapViewProps {
  config: GeoConfig | undefined;
  places: TAddress[];
  height: number;
}

/** Saved places on the map (loaded on demand), numbered in the list's order. */
export default function PlacesMapView({ config, places, height }: PlacesMapViewProps) {
  const first = places[0] ?? config?.center ?? { latitude: 0, longitude: 0 };
  return (
    <MapContainer center={[first.latitude, first.longitude]} zoom={config?.zoom ?? 13} style={mapStyle(height)} {...MAP_OPTIONS}>
      <ConfiguredTiles config={config} />
      <InvalidateOnResize />
      <FitBounds points={places} />
      {places.map((p, i) => (
        <Marker key={`${i}-${p.latitude},${p.longitude}`} position={[p.latitude, p.longitude]} icon={letterIcon(String(i + 1), '#1c7ed6')} alt={p.name}>
          <Tooltip>
            {p.name}
            {p.description ? ` — ${p.description}` : ''}
          </Tooltip>
        </Marker>
      ))}
    </MapContainer>
  );
}
