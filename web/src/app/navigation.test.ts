import { describe, expect, it } from 'vitest';
import { TAB_VIEWS, TAB_VIEW_CODES } from '@flotte/contract';
// The router's own source, to check a built screen has its route.
import router from './router.tsx?raw';
import { BUILT_VIEWS, NAV_GROUPS, navItemsFor, navSectionsFor, tabViewForPath } from './navigation.ts';

describe('navigation', () => {
  it('lists only granted tab views, in catalogue order, ignoring action permissions', () => {
    const items = navItemsFor(['VIEW_PLANNING', 'MANAGE_CAISSE', 'VIEW_DASHBOARD']);
    expect(items.map((i) => i.code)).toEqual(['VIEW_DASHBOARD', 'VIEW_PLANNING']);
    expect(items[1]).toMatchObject({ label: 'Planning', path: '/dashboard/schedule' });
  });

  it('finds the view owning a path by its longest prefix', () => {
    expect(tabViewForPath('/dashboard')).toBe('VIEW_DASHBOARD');
    expect(tabViewForPath('/dashboard/')).toBe('VIEW_DASHBOARD');
    expect(tabViewForPath('/dashboard/gps/vehicles/42')).toBe('VIEW_VEHICLE_GPS');
    expect(tabViewForPath('/dashboard/contracts')).toBe('VIEW_CONTRACTS');
    expect(tabViewForPath('/dashboard/courses/clients')).toBe('VIEW_COURSES');
    expect(tabViewForPath('/dashboard/nope')).toBeNull();
    expect(tabViewForPath('/dashboard/gps')).toBeNull();
  });
});

describe('navigation without dead ends', () => {
  it("leaves out 'Rapports' for a profile holding the tab but not READ_FINANCE (the screen would only refuse)", () => {
    expect(navItemsFor(['VIEW_REPORTS', 'VIEW_PNL']).map((i) => i.code)).toEqual(['VIEW_PNL']);
    expect(navItemsFor(['VIEW_REPORTS', 'READ_FINANCE']).map((i) => i.code)).toEqual(['VIEW_REPORTS']);
  });

  it("leaves out 'GPS véhicules' for a profile holding the tab but not READ_GEOLOCALISATION", () => {
    expect(navItemsFor(['VIEW_VEHICLE_GPS'])).toEqual([]);
    expect(navItemsFor(['VIEW_VEHICLE_GPS', 'READ_GEOLOCALISATION']).map((i) => i.path)).toEqual(['/dashboard/gps/vehicles']);
    expect(navItemsFor(['VIEW_PHONE_GPS'])).toEqual([]);
    expect(navItemsFor(['VIEW_PHONE_GPS', 'READ_GEOLOCALISATION']).map((i) => i.path)).toEqual(['/dashboard/gps/phones']);
  });
});

describe('navigation sections', () => {
  it('places every tab view in exactly one section, the dashboard apart', () => {
    const placed = NAV_GROUPS.flatMap((g) => g.views);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed, 'VIEW_DASHBOARD'].sort()).toEqual([...TAB_VIEW_CODES].sort());
  });

  it('leaves out screens that do not exist yet, and sections left empty', () => {
    const all = navSectionsFor([...TAB_VIEW_CODES, 'READ_FINANCE', 'READ_GEOLOCALISATION']);
    expect(all.home?.code).toBe('VIEW_DASHBOARD');
    expect(all.groups.map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([
      ['Flotte', ['Chauffeurs', 'Planning', 'Entretiens', 'Prestataires', 'Contrats', 'Clients et courses', 'GPS véhicules', 'GPS téléphones']],
      ['Argent', ['Encaissements', 'Opérations', 'Solde', 'Compte de résultat', 'Rapports']],
      ['Activité', ['Notifications']],
      ['Administration', ['Gestion des accès', "Profil de l'entreprise"]],
    ]);
    const agent = navSectionsFor(['VIEW_CASH_COLLECTION', 'VIEW_PLANNING', 'VIEW_MAINTENANCE']);
    expect(agent.home).toBeNull();
    expect(agent.groups.map((g) => g.key)).toEqual(['fleet', 'money']);
  });

  it('has a route in the router for every built screen', () => {
    for (const code of BUILT_VIEWS) {
      const sub = TAB_VIEWS[code].path.replace(/^\/dashboard\/?/, '');
      if (sub) expect(router, code).toContain(`path="${sub}"`);
    }
  });
});
