/**
 * The map kit: the public pieces import no Leaflet (each loads its map on demand), so any screen
 * can use them without carrying Leaflet before a map is on screen.
 */
export { AddressPicker, type AddressPickerProps } from './AddressPicker.tsx';
export { RouteMap, type RouteMapProps } from './RouteMap.tsx';
export { PlacesMap, type PlacesMapProps } from './PlacesMap.tsx';
export { FleetMap, type FleetMapMarker, type FleetMapProps } from './FleetMap.tsx';
export { geoApi, geoKeys, useGeoConfig, useGeoSearch, type GeoConfig, type GeoPoint } from './geo-api.ts';
export { addressError, addressErrors, boundsOf, fromPlace, placeLabel, pointOf, usableSuggestions, withName, withPoint, type AddressErrors } from './address.ts';
