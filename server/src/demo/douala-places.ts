/**
 * Real places of Douala the demo's clients and courses use (and the bench's, at scale): the demo
 * must look like a park of Douala on a real map. Names and coordinates are those of the map
 * services' gazetteer (server/src/integrations/geocoding/gazetteer.ts, from OpenStreetMap), copied
 * rather than imported so seeding never depends on the simulators: a course booked on the demo's
 * addresses lands where a search for the same place puts its pin.
 */
export interface DemoPlace {
  name: string;
  description: string;
  latitude: number;
  longitude: number;
}

export const DOUALA_PLACES = [
  { name: 'Aéroport international de Douala', description: 'Bonapriso, Douala', latitude: 4.0061, longitude: 9.7195 },
  { name: 'Marché Central', description: 'Boulevard Ahmadou Ahidjo, Akwa, Douala', latitude: 4.0483, longitude: 9.7037 },
  { name: 'Hôtel Akwa Palace', description: 'Boulevard de la Liberté, Akwa, Douala', latitude: 4.0468, longitude: 9.6977 },
  { name: 'Hôtel Sawa', description: 'Rue Drouot, Bonanjo, Douala', latitude: 4.0392, longitude: 9.6906 },
  { name: 'Pullman Douala Rabingha', description: 'Rue Joffre, Akwa, Douala', latitude: 4.0455, longitude: 9.6944 },
  { name: 'Port autonome de Douala', description: 'Bonanjo, Douala', latitude: 4.0535, longitude: 9.6866 },
  { name: 'Akwa', description: 'Douala', latitude: 4.0495, longitude: 9.7006 },
  { name: 'Bonapriso', description: 'Douala', latitude: 4.0265, longitude: 9.6985 },
  { name: 'Bonanjo', description: 'Douala', latitude: 4.0397, longitude: 9.6884 },
  { name: 'Deido', description: 'Douala', latitude: 4.0624, longitude: 9.7137 },
  { name: 'Bonabéri', description: 'Douala', latitude: 4.0758, longitude: 9.6628 },
  { name: 'Makepe', description: 'Douala', latitude: 4.0724, longitude: 9.7567 },
  { name: 'Bonamoussadi', description: 'Douala', latitude: 4.0884, longitude: 9.7447 },
  { name: 'Bépanda', description: 'Douala', latitude: 4.0626, longitude: 9.7302 },
  { name: 'Logbaba', description: 'Douala', latitude: 4.0437, longitude: 9.7737 },
  { name: 'Marché Sandaga', description: 'Boulevard de la République, Akwa Nord, Douala', latitude: 4.0531, longitude: 9.7095 },
  { name: 'Marché de Ndokoti', description: 'Ndokoti, Douala', latitude: 4.0441, longitude: 9.7394 },
  { name: 'Gare de Bessengue', description: 'Rue de la Gare, Bessengue, Douala', latitude: 4.046, longitude: 9.7153 },
  { name: 'Hôpital Laquintinie', description: 'Boulevard de la Liberté, Akwa, Douala', latitude: 4.0527, longitude: 9.7045 },
  { name: 'Hôpital général de Douala', description: 'Makepe, Douala', latitude: 4.0611, longitude: 9.7598 },
  { name: 'Stade de la Réunification', description: 'Bépanda, Douala', latitude: 4.0617, longitude: 9.7328 },
  { name: 'Pont sur le Wouri', description: 'Bonabéri, Douala', latitude: 4.0655, longitude: 9.6785 },
  { name: 'Rond-point Deido', description: 'Deido, Douala', latitude: 4.0585, longitude: 9.7088 },
] as const satisfies readonly DemoPlace[];

export type DemoPlaceName = (typeof DOUALA_PLACES)[number]['name'];

/** A place by its name (the demo names them; a typo fails the type check). */
export function place(name: DemoPlaceName): DemoPlace {
  return DOUALA_PLACES.find((p) => p.name === name)!;
}
