import { TAB_VIEWS, TAB_VIEW_CODES, type Permission, type TabView } from '@flotte/contract';

/** Navbar entries: the tab views the user holds, in catalogue order, each with its route. */
export interface NavItem {
  code: TabView;
  label: string;
  path: string;
}

/**
 * The tab views whose screen exists. The others (phone GPS, messaging ...) stay out of the
 * navigation until their issue builds them: a person never opens an empty 'Bientôt disponible'.
 */
export const BUILT_VIEWS: ReadonlySet<TabView> = new Set<TabView>([
  'VIEW_DASHBOARD',
  'VIEW_DRIVERS',
  'VIEW_PLANNING',
  'VIEW_MAINTENANCE',
  'VIEW_PROVIDERS',
  'VIEW_CONTRACTS',
  'VIEW_COURSES',
  'VIEW_VEHICLE_GPS',
  'VIEW_PHONE_GPS',
  'VIEW_CASH_COLLECTION',
  'VIEW_OPERATIONS',
  'VIEW_BALANCE',
  'VIEW_PNL',
  'VIEW_REPORTS',
  'VIEW_NOTIFICATIONS',
  'VIEW_ACCESS_MANAGEMENT',
  'VIEW_COMPANY_PROFILE',
]);

export type NavGroupKey = 'fleet' | 'money' | 'activity' | 'admin';

/** The navigation's sections, each with its tab views in the order people look for them. */
export const NAV_GROUPS: readonly { key: NavGroupKey; label: string; views: readonly TabView[] }[] = [
  { key: 'fleet', label: 'Flotte', views: ['VIEW_DRIVERS', 'VIEW_PLANNING', 'VIEW_MAINTENANCE', 'VIEW_PROVIDERS', 'VIEW_CONTRACTS', 'VIEW_COURSES', 'VIEW_VEHICLE_GPS', 'VIEW_PHONE_GPS'] },
  { key: 'money', label: 'Argent', views: ['VIEW_CASH_COLLECTION', 'VIEW_OPERATIONS', 'VIEW_BALANCE', 'VIEW_PNL', 'VIEW_REPORTS'] },
  { key: 'activity', label: 'Activité', views: ['VIEW_MESSAGING', 'VIEW_NOTIFICATIONS'] },
  {
    key: 'admin',
    label: 'Administration',
    views: ['VIEW_ACCESS_MANAGEMENT', 'VIEW_COMPANY_PROFILE', 'VIEW_SUBSCRIPTION', 'VIEW_LEGAL_NOTICES', 'VIEW_SUPPORT', 'VIEW_SYSTEM'],
  },
];

function item(code: TabView): NavItem {
  return { code, label: TAB_VIEWS[code].label, path: TAB_VIEWS[code].path };
}

/**
 * What a screen needs besides its tab view to show anything: without it the screen only says
 * 'Accès refusé', so its entry is left out (a profile never meets a dead end).
 */
export const VIEW_NEEDS: Partial<Record<TabView, Permission>> = {
  VIEW_REPORTS: 'READ_FINANCE',
  VIEW_VEHICLE_GPS: 'READ_GEOLOCALISATION',
  VIEW_PHONE_GPS: 'READ_GEOLOCALISATION',
};

/** Navbar entries: the built tab views the user holds (and can use), in catalogue order, each with its route. */
export function navItemsFor(permissions: readonly string[]): NavItem[] {
  const held = new Set(permissions);
  const usable = (code: TabView) => !VIEW_NEEDS[code] || held.has(VIEW_NEEDS[code]);
  return TAB_VIEW_CODES.filter((code) => held.has(code) && BUILT_VIEWS.has(code) && usable(code)).map(item);
}

export interface NavSections {
  /** The dashboard, first and on its own. */
  home: NavItem | null;
  /** The sections holding at least one entry for this profile. */
  groups: { key: NavGroupKey; label: string; items: NavItem[] }[];
}

export function navSectionsFor(permissions: readonly string[]): NavSections {
  const items = new Map(navItemsFor(permissions).map((i) => [i.code, i]));
  const groups = NAV_GROUPS.map((g) => ({ key: g.key, label: g.label, items: g.views.flatMap((v) => items.get(v) ?? []) })).filter((g) => g.items.length > 0);
  return { home: items.get('VIEW_DASHBOARD') ?? null, groups };
}

/**
 * The tab view owning a /dashboard path (the longest matching prefix, so
 * /dashboard/gps/vehicles/12 belongs to VIEW_VEHICLE_GPS), or null for an unknown path.
 */
export function tabViewForPath(pathname: string): TabView | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: TabView | null = null;
  let bestLength = -1;
  for (const code of TAB_VIEW_CODES) {
    const viewPath = TAB_VIEWS[code].path;
    // The home owns /dashboard itself only; any other unknown /dashboard/* path is a 404.
    const matches = path === viewPath || (code !== 'VIEW_DASHBOARD' && path.startsWith(`${viewPath}/`));
    if (matches && viewPath.length > bestLength) {
      best = code;
      bestLength = viewPath.length;
    }
  }
  return best;
}
