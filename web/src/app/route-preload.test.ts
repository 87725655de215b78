import { describe, expect, it } from 'vitest';
// The router's own source: its lazy screens, its preload table and its /dashboard paths.
import router from './router.tsx?raw';
import { DASHBOARD_SCREENS, DRIVER_SCREENS, screensFor } from './route-preload.ts';

describe('screensFor', () => {
  it('preloads the screen of the address, not always the home screen', () => {
    expect(screensFor('/dashboard/operations', true)).toEqual(['DashboardLayout', 'RequireView', 'OperationsPage']);
    expect(screensFor('/dashboard/drivers/vehicles', true)).toEqual(['DashboardLayout', 'RequireView', 'VehiclesPage']);
    expect(screensFor('/dashboard/account/', true)).toEqual(['DashboardLayout', 'AccountPage']);
    // The home screen with its fleet cards, which its first render waits for.
    expect(screensFor('/dashboard', true)).toEqual(['DashboardLayout', 'DashboardHome', 'FleetDashboard']);
    expect(screensFor('/', true)).toEqual(['DashboardLayout', 'DashboardHome', 'FleetDashboard']);
    expect(screensFor('/dashboard/contracts', true)).toEqual(['DashboardLayout', 'RequireView', 'ContractsPage']);
    expect(screensFor('/dashboard/courses', true)).toEqual(['DashboardLayout', 'RequireView', 'CoursesPage']);
    expect(screensFor('/dashboard/gps/vehicles', true)).toEqual(['DashboardLayout', 'RequireView', 'GpsFleetPage']);
    expect(screensFor('/dashboard/gps/vehicles/0190a1b2-0000-7000-8000-000000000001', true)).toEqual(['DashboardLayout', 'RequireView', 'GpsVehicleDayPage']);
    expect(screensFor('/dashboard/gps/phones', true)).toEqual(['DashboardLayout', 'RequireView', 'PhoneGpsPage']);
    // A screen not built yet.
    expect(screensFor('/dashboard/messaging', true)).toEqual(['DashboardLayout', 'ModulePage']);
  });

  it('follows the guards: no session means the sign-in screen, a session skips the guest pages', () => {
    expect(screensFor('/dashboard/operations', false)).toEqual(['AuthLayout', 'LoginPage']);
    expect(screensFor('/', false)).toEqual(['AuthLayout', 'LoginPage']);
    expect(screensFor('/auth/login', false)).toEqual(['AuthLayout', 'LoginPage']);
    expect(screensFor('/auth', false)).toEqual(['AuthLayout', 'LoginPage']);
    expect(screensFor('/auth/otp', false)).toEqual(['AuthLayout', 'OtpPage']);
    expect(screensFor('/auth/register', false)).toEqual(['AuthLayout', 'RegisterPage']);
    expect(screensFor('/auth/login', true)).toEqual(['DashboardLayout', 'DashboardHome', 'FleetDashboard']);
    expect(screensFor('/auth/pin', true)).toEqual(['AuthLayout', 'SetPinPage']);
    expect(screensFor('/auth/pin', false)).toEqual(['AuthLayout', 'LoginPage']);
  });

  it("preloads the driver's space: his sign-in without a session, else the layout and the screen", () => {
    expect(screensFor('/chauffeur/connexion', false)).toEqual(['DriverSignInPage']);
    expect(screensFor('/chauffeur/connexion', true)).toEqual(['DriverSignInPage']);
    expect(screensFor('/chauffeur', false)).toEqual(['DriverSignInPage']);
    expect(screensFor('/chauffeur', true)).toEqual(['DriverLayout', 'DriverHomePage']);
    expect(screensFor('/chauffeur/a-payer', true)).toEqual(['DriverLayout', 'DriverOwedPage']);
    expect(screensFor('/chauffeur/nowhere', true)).toEqual(['DriverLayout', 'DriverHomePage']);
  });

  it('sends unknown addresses to the not-found screen and keeps the gallery apart', () => {
    expect(screensFor('/nowhere', false)).toEqual(['NotFoundPage']);
    expect(screensFor('/auth/nowhere', false)).toEqual(['NotFoundPage']);
    expect(screensFor('/dev/gallery', false)).toEqual(['GalleryPage']);
  });
});

describe('the router and the preload table', () => {
  const lazyImports = new Map(
    [...router.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]] as const),
  );
  const screenTable = router.slice(router.indexOf('const SCREENS'), router.indexOf('};', router.indexOf('const SCREENS')));

  it('name every lazy screen in the preload table', () => {
    expect(lazyImports.size).toBeGreaterThan(20);
    for (const name of lazyImports.keys()) expect(screenTable, name).toMatch(new RegExp(`^  ${name},$`, 'm'));
  });

  it('agree on the screens under /dashboard/ and on which are guarded', () => {
    for (const [path, { screen, guarded }] of Object.entries(DASHBOARD_SCREENS)) {
      const route = router.split('\n').find((line) => line.includes(`path="${path}"`));
      expect(route, path).toBeDefined();
      expect(route, path).toContain(`page(${screen})`);
      expect(route!.includes('guarded('), path).toBe(guarded);
    }
    const routed = [...router.matchAll(/<Route path="([\w/-]+)" element=\{(?:guarded|page)\(/g)].map((m) => m[1]);
    const dashboard = routed.filter((p) => !p.startsWith('/') && !['login', 'otp', 'forgot-password', 'register', 'pin'].includes(p));
    expect(dashboard.sort()).toEqual(Object.keys(DASHBOARD_SCREENS).sort());
  });

  it("agree on the driver's space", () => {
    for (const [path, screen] of Object.entries(DRIVER_SCREENS)) {
      const route = router.split('\n').find((line) => (path === '' ? line.includes('<Route index element={driverScreen(') : line.includes(`path="${path}" element={driverScreen(`)));
      expect(route, path).toBeDefined();
      expect(route, path).toContain(`driverScreen(${screen})`);
    }
  });
});
