import { describe, expect, it } from 'vitest';
import { navItemsFor, tabViewForPath } from './navigation.ts';

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
    expect(tabViewForPath('/dashboard/nope')).toBeNull();
    expect(tabViewForPath('/dashboard/gps')).toBeNull();
  });
});
