import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import type { Marker as LeafletMarker } from 'leaflet';
import { MAP_DEFAULT_ZOOM } from '@flotte/contract/geo';
import type { GeoConfig, GeoPoint } from './geo-api.ts';
import { ConfiguredTiles, InvalidateOnResize, MAP_OPTIONS, mapStyle } from './leaflet-setup.tsx';

export interface PickerMapViewProps {
  config: GeoConfig | undefined;
  point: GeoPoint | null;
  /** Changes each time the map should centre on `point` at zoom 15 (a search result or a saved address picked). */
  focusKey: number;
  onPick: (point: GeoPoint) => void;
  height: number;
}

/** A click anywhere puts the address there. */
function ClickToPick({ onPick }: { onPick: (point: GeoPoint) => void }) {
  useMapEvents({ click: (e) => onPick({ latitude: e.latlng.lat, longitude: e.latlng.lng }) });
  return null;
}

/** Centres on the picked point at the spec's zoom (15) when the parent asks (focusKey). */
function FocusOn({ point, focusKey }: { point: GeoPoint | null; focusKey: number }) {
  const map = useMap();
  const pointRef = useRef(point);
  pointRef.current = point;
  useEffect(() => {
    const p = pointRef.current;
    if (focusKey > 0 && p) map.setView([p.latitude, p.longitude], MAP_DEFAULT_ZOOM);
  }, [focusKey, map]);
  return null;
}

/** The address picker's map (loaded on demand): the park's area, the picked point as a draggable marker. */
export default function PickerMapView({ config, point, focusKey, onPick, height }: PickerMapViewProps) {
  const start = point ?? config?.center ?? { latitude: 0, longitude: 0 };
  const startZoom = point ? MAP_DEFAULT_ZOOM : (config?.zoom ?? MAP_DEFAULT_ZOOM);
  const markerRef = useRef<LeafletMarker>(null);
  const handlers = useMemo(
    () => ({
      dragend() {
        const ll = markerRef.current?.getLatLng();
        if (ll) onPick({ latitude: ll.lat, longitude: ll.lng });
      },
    }),
    [onPick],
  );
  return (
    <MapContainer center={[start.latitude, start.longitude]} zoom={startZoom} style={mapStyle(height)} {...MAP_OPTIONS}>
      <ConfiguredTiles config={config} />
      <InvalidateOnResize />
      <ClickToPick onPick={onPick} />
      <FocusOn point={point} focusKey={focusKey} />
      {point ? <Marker position={[point.latitude, point.longitude]} draggable ref={markerRef} eventHandlers={handlers} keyboard alt="Adresse choisie" /> : null}
    </MapContainer>
  );
}
