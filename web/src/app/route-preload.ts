/**
 * Which screens' code the current address will render, so main.tsx can start downloading it
 * while the session is restored instead of after (each lazy chunk found only at render time costs
 * a round trip on a slow network). Names are the router's lazy components; router.tsx maps each
 * to its import, and route-preload.test.ts checks both files agree on the paths.
 */
export type Screen =
  | 'AuthLayout'
  | 'LoginPage'
  | 'OtpPage'
  | 'ForgotPasswordPage'
  | 'SetPinPage'
  | 'RegisterPage'
  | 'DashboardLayout'
  | 'DashboardHome'
  | 'ModulePage'
  | 'NotFoundPage'
  | 'GalleryPage'
  | 'AccessPage'
  | 'CompanyPage'
  | 'AccountPage'
  | 'VehicleGroupsPage'
  | 'ExpiringDocumentsPage'
  | 'DriversPage'
  | 'BalancePage'
  | 'VehiclesPage'
  | 'ReportsPage'
  | 'PnlPage'
  | 'OperationsPage'
  | 'SchedulePage'
  | 'ReceiptsPage'
  | 'MaintenancePage'
  | 'NotificationsPage'
  | 'ProvidersPage'
  | 'ContractsPage'
  | 'ContractDetailPage'
  | 'CoursesPage'
  | 'ClientsPage'
  | 'GpsFleetPage'
  | 'GpsVehicleDayPage'
  | 'TriggersPage'
  | 'PhoneGpsPage'
  | 'SubscriptionPage'
  | 'DriverSignInPage'
  | 'DriverLayout'
  | 'DriverHomePage'
  | 'DriverPlanningPage'
  | 'DriverOwedPage'
  | 'DriverPaidPage'
  | 'DriverSalaryPage'
  | 'DriverNotificationsPage'
  | 'RequireView'
  | 'FleetDashboard';

/** The screens under /dashboard/ by path, and whether the permission guard renders around them. */
export const DASHBOARD_SCREENS: Readonly<Record<string, { screen: Screen; guarded: boolean }>> = {
  access: { screen: 'AccessPage', guarded: true },
  company: { screen: 'CompanyPage', guarded: true },
  account: { screen: 'AccountPage', guarded: false },
  'drivers/groups': { screen: 'VehicleGroupsPage', guarded: true },
  'drivers/documents': { screen: 'ExpiringDocumentsPage', guarded: true },
  'drivers/vehicles': { screen: 'VehiclesPage', guarded: true },
  drivers: { screen: 'DriversPage', guarded: true },
  'status-accounts': { screen: 'BalancePage', guarded: true },
  reports: { screen: 'ReportsPage', guarded: true },
  pnl: { screen: 'PnlPage', guarded: true },
  operations: { screen: 'OperationsPage', guarded: true },
  schedule: { screen: 'SchedulePage', guarded: true },
  receipts: { screen: 'ReceiptsPage', guarded: true },
  maintenance: { screen: 'MaintenancePage', guarded: true },
  notifications: { screen: 'NotificationsPage', guarded: true },
  providers: { screen: 'ProvidersPage', guarded: true },
  contracts: { screen: 'ContractsPage', guarded: true },
  courses: { screen: 'CoursesPage', guarded: true },
  'courses/clients': { screen: 'ClientsPage', guarded: true },
  'gps/vehicles': { screen: 'GpsFleetPage', guarded: true },
  'gps/triggers': { screen: 'TriggersPage', guarded: true },
  'gps/phones': { screen: 'PhoneGpsPage', guarded: true },
  subscription: { screen: 'SubscriptionPage', guarded: true },
};

/** The driver's space by path under /chauffeur/ (an unknown one goes back to his home). */
export const DRIVER_SCREENS: Readonly<Record<string, Screen>> = {
  '': 'DriverHomePage',
  planning: 'DriverPlanningPage',
  'a-payer': 'DriverOwedPage',
  paye: 'DriverPaidPage',
  salaire: 'DriverSalaryPage',
  notifications: 'DriverNotificationsPage',
};

/** Pages only a signed-out person sees: with a session the guard sends them to the dashboard. */
const GUEST_ONLY: Readonly<Record<string, Screen>> = {
  login: 'LoginPage',
  otp: 'OtpPage',
  'forgot-password': 'ForgotPasswordPage',
  register: 'RegisterPage',
};

const SIGN_IN: Screen[] = ['AuthLayout', 'LoginPage'];
// The home screen's fleet cards are a lazy piece of it that most profiles load at once. The first
// render waits for every piece it meets (main.tsx renders in a transition), so ask for it now.
const HOME: Screen[] = ['DashboardLayout', 'DashboardHome', 'FleetDashboard'];

/**
 * The screens `pathname` ends up rendering, after the guards' redirects as far as they can be
 * foreseen: `sessionLikely` says whether a session may exist (session-hint.ts).
 */
export function screensFor(pathname: string, sessionLikely: boolean): Screen[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return sessionLikely ? HOME : SIGN_IN;

  if (path === '/auth' || path.startsWith('/auth/')) {
    const sub = path.slice('/auth/'.length);
    if (sub === 'pin') return sessionLikely ? ['AuthLayout', 'SetPinPage'] : SIGN_IN;
    const guestPage = sub === '' ? 'LoginPage' : GUEST_ONLY[sub];
    if (!guestPage) return ['NotFoundPage'];
    // Signed in, the guard goes on to the dashboard (or to the `next` address, not foreseen here).
    return sessionLikely ? HOME : ['AuthLayout', guestPage];
  }

  if (path === '/dashboard' || path.startsWith('/dashboard/')) {
    if (!sessionLikely) return SIGN_IN;
    const sub = path.slice('/dashboard/'.length);
    if (sub === '') return HOME;
    // A contract's detail and a vehicle's GPS day: the screens under /dashboard/ whose path holds an id.
    if (/^contracts\/[^/]+$/.test(sub)) return ['DashboardLayout', 'RequireView', 'ContractDetailPage'];
    if (/^gps\/vehicles\/[^/]+$/.test(sub)) return ['DashboardLayout', 'RequireView', 'GpsVehicleDayPage'];
    const known = DASHBOARD_SCREENS[sub];
    if (!known) return ['DashboardLayout', 'ModulePage'];
    return known.guarded ? ['DashboardLayout', 'RequireView', known.screen] : ['DashboardLayout', known.screen];
  }

  if (path === '/chauffeur' || path.startsWith('/chauffeur/')) {
    const sub = path.slice('/chauffeur/'.length);
    if (sub === 'connexion' || !sessionLikely) return ['DriverSignInPage'];
    return ['DriverLayout', DRIVER_SCREENS[sub] ?? 'DriverHomePage'];
  }

  if (path === '/dev/gallery') return ['GalleryPage'];
  return ['NotFoundPage'];
}
