import { TAB_VIEWS, TAB_VIEW_CODES, type TabView } from '@flotte/contract';

/** Navbar entries: the tab views the user holds, in catalogue order, each with its route. */
export interface NavItem {
  code: TabView;
  label: string;
  path: string;
}

export function navItemsFor(permissions: readonly string[]): NavItem[] {
  const held = new Set(permissions);
  return TAB_VIEW_CODES.filter((code) => held.has(code)).map((code) => ({
    code,
    label: TAB_VIEWS[code].label,
    path: TAB_VIEWS[code].path,
  }));
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
