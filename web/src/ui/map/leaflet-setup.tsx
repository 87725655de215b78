import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import type { GeoConfig } from './geo-api.ts';

/*
 * Everything that imports Leaflet lives in the *View.tsx files of this folder, which the public
 * components (AddressPicker, RouteMap, PlacesMap) load with React.lazy: Leaflet and its CSS (some
 * 45 kB gzip) never reach the sign-in screen or the screens without a map.
 *
 * Leaflet finds its marker images from its CSS's path, which a bundler breaks: hand it the URLs
 * the bundler gave the images instead.
 */
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconRetinaUrl: markerIcon2x, iconUrl: markerIcon, shadowUrl: markerShadow });

/**
 * The tiles of the server's configuration, with their attribution (the tile provider's terms ask
 * for it, so it is always shown). Without a configuration (not loaded yet, or failed) the map has
 * no background but still works: markers, clicks and lines don't need tiles, and neither do tests.
 */
export function ConfiguredTiles({ config }: { config: GeoConfig | undefined }) {
  if (!config?.tile_url) return null;
  return <TileLayer url={config.tile_url} attribution={config.attribution} />;
}

/**
 * Leaflet measures its box once; in a dialog that opens with an animation, or a card that
 * changes width on a phone's rotation, the box changes later: measure again each time it does.
 */
export function InvalidateOnResize() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** A round lettered marker (A = departure, B = arrival; or the place's number), drawn in CSS: no image to load. */
export function letterIcon(letter: string, color: string): L.DivIcon {
  const html = `<span style="display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;background:${color};color:#fff;font:700 14px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)">${letter}</span>`;
  return L.divIcon({ html, className: 'flotte-letter-marker', iconSize: [28, 28], iconAnchor: [14, 14], popupAnchor: [0, -14] });
}

/**
 * What every map of the app shares. No zoom or fade animations: a dialog closing mid-animation
 * made Leaflet read a pane it had just removed ('_leaflet_pos' of undefined), and phones draw
 * faster without them. No scroll-wheel zoom: the page scrolls past a map instead of zooming it.
 * `isolation` keeps Leaflet's own stacking (panes 400, controls 1000) inside the map, so its
 * buttons never draw over a dialog's sticky title.
 */
export const MAP_OPTIONS = { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false, scrollWheelZoom: false } as const;
export const mapStyle = (height: number) => ({ height, width: '100%', isolation: 'isolate' as const });

export { L };
