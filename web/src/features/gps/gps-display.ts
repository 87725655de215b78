import { GPS_VEHICLE_STATE_LABELS, type GpsVehicleState, type TGpsFleetEntry } from '@flotte/contract/gps';

/**
 * What the GPS screens print: the age of a fix ('il y a 3 min'), durations in hours and minutes
 * (spec 000: a stop's duration is shown in hours and minutes), speeds, distances, coordinates,
 * and each vehicle state's colour (the marker on the map and the badge in the list agree).
 */

/** 'à l'instant', 'il y a 3 min', 'il y a 2 h 05 min', 'il y a 3 jours'. */
export function formatFixAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return "à l'instant";
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `il y a ${hours} h ${String(rest).padStart(2, '0')} min` : `il y a ${hours} h`;
  }
  const days = Math.floor(hours / 24);
  return days === 1 ? 'il y a 1 jour' : `il y a ${days} jours`;
}

/** Hours and minutes ('7 min', '1 h 05 min', '12 h 30 min'): a duration in seconds, rounded down to the minute. */
export function formatDuration(seconds: number | null | undefined): string {
  const s = seconds === null || seconds === undefined || !Number.isFinite(seconds) ? 0 : Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const decimal1 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const decimal0 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** '42 km/h' (whole km/h: a GPS speed has no meaningful decimals). */
export function formatSpeed(kmh: number | null | undefined): string {
  if (kmh === null || kmh === undefined || !Number.isFinite(kmh)) return '';
  return `${decimal0.format(Math.max(0, kmh))} km/h`;
}

/** '12,4 km'. */
export function formatDistance(km: number | null | undefined): string {
  if (km === null || km === undefined || !Number.isFinite(km)) return '';
  return `${decimal1.format(Math.max(0, km))} km`;
}

/** '4.05112, 9.76791': five decimals place a point within a metre or so. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** 'HH:mm' of a wire date (yyyy-MM-ddTHH:mm:ss in the park's zone), without any zone shift. */
export function timeOf(wire: string | null | undefined): string {
  const m = /T(\d{2}):(\d{2})/.exec(wire ?? '');
  return m ? `${m[1]}:${m[2]}` : '';
}

/** The day (yyyy-MM-dd) of a wire date. */
export function dayOf(wire: string | null | undefined): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(wire ?? '')?.[0] ?? '';
}

/**
 * Each state's colour: the marker's background under white text and the badge's colour, both
 * dark enough for 4.5:1 with white. Vehicles without a position are not on the map.
 */
export const GPS_STATE_COLORS: Record<GpsVehicleState, { hex: string; mantine: string }> = {
  moving: { hex: '#237a36', mantine: 'green' },
  stopped: { hex: '#1971c2', mantine: 'blue' },
  offline: { hex: '#495057', mantine: 'gray' },
  no_position: { hex: '#868e96', mantine: 'gray' },
  no_device: { hex: '#868e96', mantine: 'gray' },
};

export const stateColor = (state: GpsVehicleState) => GPS_STATE_COLORS[state].hex;
export const stateLabel = (state: GpsVehicleState) => GPS_VEHICLE_STATE_LABELS[state];

/** The vehicle's name in lists and on its marker: its registration, else its label. */
export function vehicleName(v: { registration_number: string | null; label: string | null }): string {
  return v.registration_number || v.label || 'Véhicule';
}

/** The list's order: moving first, then stopped, offline, without position, without GPS; then by name. */
const STATE_ORDER: Record<GpsVehicleState, number> = { moving: 0, stopped: 1, offline: 2, no_position: 3, no_device: 4 };
export function sortFleet(entries: readonly TGpsFleetEntry[]): TGpsFleetEntry[] {
  return [...entries].sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || vehicleName(a.vehicle).localeCompare(vehicleName(b.vehicle), 'fr'));
}

/** A search over the registration, label, driver and GPS number (case and accents ignored). */
export function matchesFleetSearch(entry: TGpsFleetEntry, search: string | undefined): boolean {
  if (!search) return true;
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const needle = fold(search.trim());
  const v = entry.vehicle;
  return [v.registration_number, v.label, v.driver_name, v.gps_number].some((s) => s && fold(s).includes(needle));
}
