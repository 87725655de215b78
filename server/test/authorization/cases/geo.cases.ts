import type { RouteCase } from '../route-table.ts';

/**
 * Route cases of the maps (issue 20 section 3): open to every profile of a park, with no
 * permission (any form with an address needs them). They hold no record; what a park could learn
 * of another is its map centre and its country's search, so naming another park is refused.
 */
export const geoCases: RouteCase[] = [
  { method: 'GET', url: '/api/geo/config', otherPark: (w) => ({ url: `/api/geo/config?park_id=${w.parkB}` }) },
  { method: 'GET', url: '/api/geo/search', otherPark: (w) => ({ url: `/api/geo/search?q=Akwa&park_id=${w.parkB}` }) },
  {
    method: 'GET',
    url: '/api/geo/route',
    otherPark: (w) => ({ url: `/api/geo/route?from_lat=4.0061&from_lng=9.7195&to_lat=4.0468&to_lng=9.6977&park_id=${w.parkB}` }),
  },
];
