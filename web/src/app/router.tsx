import { lazy as reactLazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Permission } from '@flotte/contract';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { RouteLoader } from '../ui/RouteLoader.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { GuestOnly, RequirePinSetup, RequireSession } from './guards.tsx';
import { screensFor, type Screen } from './route-preload.ts';
import { RequireDriver } from '../features/driver-space/RequireDriver.tsx';

const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * React.lazy that remembers its import, so preloadScreens can start the download before the route
 * renders (the bundler serves both from one chunk, and the lazy component then finds the module
 * loaded). One import per screen: each one the bundler writes carries the list of its files.
 */
const lazy: typeof reactLazy = (load) => {
  const component = reactLazy(load);
  loaders.set(component, load);
  return component;
};

/*
 * Every screen is its own chunk (React.lazy), so the sign-in screen downloads only what it shows:
 * owners sign in from phones on slow mobile networks. Declarative routing on purpose: the data
 * router (loaders, actions, fetchers) would add ~15 kB gzip to every first load and we load data
 * with TanStack Query instead.
 */
const AuthLayout = lazy(() => import('../features/auth/pages/AuthLayout.tsx'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.tsx'));
const OtpPage = lazy(() => import('../features/auth/pages/OtpPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage.tsx'));
const SetPinPage = lazy(() => import('../features/auth/pages/SetPinPage.tsx'));
const RegisterPage = lazy(() => import('../features/signup/RegisterPage.tsx'));
const DashboardLayout = lazy(() => import('./layout/DashboardLayout.tsx'));
const DashboardHome = lazy(() => import('../features/dashboard/DashboardHome.tsx'));
const ModulePage = lazy(() => import('./pages/ModulePage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const GalleryPage = lazy(() => import('../ui/gallery/GalleryPage.tsx'));
const AccessPage = lazy(() => import('../features/access/AccessPage.tsx'));
const CompanyPage = lazy(() => import('../features/company/CompanyPage.tsx'));
const AccountPage = lazy(() => import('../features/account/AccountPage.tsx'));
const VehicleGroupsPage = lazy(() => import('../features/vehicle-groups/VehicleGroupsPage.tsx'));
const ExpiringDocumentsPage = lazy(() => import('../features/vehicle-documents/ExpiringDocumentsPage.tsx'));
const DriversPage = lazy(() => import('../features/drivers/DriversPage.tsx'));
const BalancePage = lazy(() => import('../features/treasury/BalancePage.tsx'));
const VehiclesPage = lazy(() => import('../features/vehicles/VehiclesPage.tsx'));
const ReportsPage = lazy(() => import('../features/accounting/ReportsPage.tsx'));
const PnlPage = lazy(() => import('../features/pnl/PnlPage.tsx'));
const OperationsPage = lazy(() => import('../features/operations/OperationsPage.tsx'));
const SchedulePage = lazy(() => import('../features/planning/SchedulePage.tsx'));
const ReceiptsPage = lazy(() => import('../features/recipes/ReceiptsPage.tsx'));
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage.tsx'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage.tsx'));
const ProvidersPage = lazy(() => import('../features/suppliers/ProvidersPage.tsx'));
const ContractsPage = lazy(() => import('../features/contracts/ContractsPage.tsx'));
const ContractDetailPage = lazy(() => import('../features/contracts/ContractDetailPage.tsx'));
const CoursesPage = lazy(() => import('../features/courses/CoursesPage.tsx'));
const ClientsPage = lazy(() => import('../features/clients/ClientsPage.tsx'));
const GpsFleetPage = lazy(() => import('../features/gps/GpsFleetPage.tsx'));
const GpsVehicleDayPage = lazy(() => import('../features/gps/GpsVehicleDayPage.tsx'));
const TriggersPage = lazy(() => import('../features/gps/TriggersPage.tsx'));
const PhoneGpsPage = lazy(() => import('../features/gps/PhoneGpsPage.tsx'));
const SubscriptionPage = lazy(() => import('../features/subscription/SubscriptionPage.tsx'));
const DriverSignInPage = lazy(() => import('../features/driver-space/DriverSignInPage.tsx'));
const DriverLayout = lazy(() => import('../features/driver-space/DriverLayout.tsx'));
const DriverHomePage = lazy(() => import('../features/driver-space/DriverHomePage.tsx'));
const DriverPlanningPage = lazy(() => import('../features/driver-space/DriverPlanningPage.tsx'));
const DriverOwedPage = lazy(() => import('../features/driver-space/DriverOwedPage.tsx'));
const DriverPaidPage = lazy(() => import('../features/driver-space/DriverPaidPage.tsx'));
const DriverSalaryPage = lazy(() => import('../features/driver-space/DriverSalaryPage.tsx'));
const DriverNotificationsPage = lazy(() => import('../features/driver-space/DriverNotificationsPage.tsx'));
// Lazy too: it reads permissions through TanStack Query, which must stay off the sign-in bundle.
const RequireView = lazy(() => import('./RequireView.tsx').then((m) => ({ default: m.RequireView })));

/** The lazy screens by the names route-preload.ts uses. */
const SCREENS: Record<Exclude<Screen, 'FleetDashboard'>, object> = {
  AuthLayout,
  LoginPage,
  OtpPage,
  ForgotPasswordPage,
  SetPinPage,
  RegisterPage,
  DashboardLayout,
  DashboardHome,
  ModulePage,
  NotFoundPage,
  GalleryPage,
  AccessPage,
  CompanyPage,
  AccountPage,
  VehicleGroupsPage,
  ExpiringDocumentsPage,
  DriversPage,
  BalancePage,
  VehiclesPage,
  ReportsPage,
  PnlPage,
  OperationsPage,
  SchedulePage,
  ReceiptsPage,
  MaintenancePage,
  NotificationsPage,
  ProvidersPage,
  ContractsPage,
  ContractDetailPage,
  CoursesPage,
  ClientsPage,
  GpsFleetPage,
  GpsVehicleDayPage,
  TriggersPage,
  PhoneGpsPage,
  SubscriptionPage,
  DriverSignInPage,
  DriverLayout,
  DriverHomePage,
  DriverPlanningPage,
  DriverOwedPage,
  DriverPaidPage,
  DriverSalaryPage,
  DriverNotificationsPage,
  RequireView,
};

/** Not a route: a piece of the home screen (DashboardHome imports it lazily, from the same chunk). */
const loadFleetDashboard = () => import('../features/fleet-dashboard/FleetDashboard.tsx');

/**
 * Starts downloading the screens the current address will render while the session is being
 * restored, instead of after it: on a slow connection that removes round trips before the first
 * paint (a deep link such as /dashboard/operations, not only the home screen).
 */
export function preloadScreens(pathname: string, sessionLikely: boolean) {
  for (const screen of screensFor(pathname, sessionLikely)) {
    const load = screen === 'FleetDashboard' ? loadFleetDashboard : loaders.get(SCREENS[screen]);
    load?.().catch(() => undefined); // a failure resurfaces when the route renders
  }
}

function page(Screen: ComponentType, fullPage = false): ReactNode {
  return (
    <Suspense fallback={<RouteLoader fullPage={fullPage} />}>
      <Screen />
    </Suspense>
  );
}

/** A screen of the driver's space (its own name: the park's /dashboard screens are listed by page()). */
const driverScreen = (Screen: ComponentType) => page(Screen);

/** A screen behind a tab view: 'Accès refusé' for a profile without it (the screen is then never downloaded). */
function guarded(view: Permission, screen: ReactNode): ReactNode {
  return (
    <Suspense fallback={<RouteLoader />}>
      <RequireView view={view}>{screen}</RequireView>
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Routes>
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route path="/auth" element={page(AuthLayout, true)}>
            <Route index element={<Navigate to="/auth/login" replace />} />
            <Route path="login" element={<GuestOnly>{page(LoginPage)}</GuestOnly>} />
            <Route path="otp" element={<GuestOnly>{page(OtpPage)}</GuestOnly>} />
            <Route path="forgot-password" element={<GuestOnly>{page(ForgotPasswordPage)}</GuestOnly>} />
            <Route path="register" element={<GuestOnly>{page(RegisterPage)}</GuestOnly>} />
            <Route path="pin" element={<RequirePinSetup>{page(SetPinPage)}</RequirePinSetup>} />
          </Route>
          <Route path="/dashboard" element={<RequireSession>{page(DashboardLayout, true)}</RequireSession>}>
            <Route index element={page(DashboardHome)} />
            <Route path="access" element={guarded('VIEW_ACCESS_MANAGEMENT', page(AccessPage))} />
            <Route path="company" element={guarded('VIEW_COMPANY_PROFILE', page(CompanyPage))} />
            <Route path="account" element={page(AccountPage)} />
            <Route path="drivers/groups" element={guarded('VIEW_DRIVERS', page(VehicleGroupsPage))} />
            <Route path="drivers/documents" element={guarded('VIEW_DRIVERS', page(ExpiringDocumentsPage))} />
            <Route path="drivers/vehicles" element={guarded('VIEW_DRIVERS', page(VehiclesPage))} />
            <Route path="drivers" element={guarded('VIEW_DRIVERS', page(DriversPage))} />
            <Route path="status-accounts" element={guarded('VIEW_BALANCE', page(BalancePage))} />
            <Route path="reports" element={guarded('VIEW_REPORTS', page(ReportsPage))} />
            <Route path="pnl" element={guarded('VIEW_PNL', page(PnlPage))} />
            <Route path="operations" element={guarded('VIEW_OPERATIONS', page(OperationsPage))} />
            <Route path="schedule" element={guarded('VIEW_PLANNING', page(SchedulePage))} />
            <Route path="receipts" element={guarded('VIEW_CASH_COLLECTION', page(ReceiptsPage))} />
            <Route path="maintenance" element={guarded('VIEW_MAINTENANCE', page(MaintenancePage))} />
            <Route path="notifications" element={guarded('VIEW_NOTIFICATIONS', page(NotificationsPage))} />
            <Route path="providers" element={guarded('VIEW_PROVIDERS', page(ProvidersPage))} />
            <Route path="contracts" element={guarded('VIEW_CONTRACTS', page(ContractsPage))} />
            <Route path="contracts/:id" element={guarded('VIEW_CONTRACTS', page(ContractDetailPage))} />
            <Route path="courses" element={guarded('VIEW_COURSES', page(CoursesPage))} />
            <Route path="courses/clients" element={guarded('VIEW_COURSES', page(ClientsPage))} />
            <Route path="gps/vehicles" element={guarded('VIEW_VEHICLE_GPS', page(GpsFleetPage))} />
            <Route path="gps/vehicles/:id" element={guarded('VIEW_VEHICLE_GPS', page(GpsVehicleDayPage))} />
            <Route path="gps/triggers" element={guarded('VIEW_VEHICLE_GPS', page(TriggersPage))} />
            <Route path="gps/phones" element={guarded('VIEW_PHONE_GPS', page(PhoneGpsPage))} />
            <Route path="subscription" element={guarded('VIEW_SUBSCRIPTION', page(SubscriptionPage))} />
            <Route path="*" element={page(ModulePage)} />
          </Route>
          {/* The driver's own space (issue 22): his sign-in by phone, then his screens. */}
          <Route path="/chauffeur/connexion" element={page(DriverSignInPage, true)} />
          <Route path="/chauffeur" element={<RequireDriver>{page(DriverLayout, true)}</RequireDriver>}>
            <Route index element={driverScreen(DriverHomePage)} />
            <Route path="planning" element={driverScreen(DriverPlanningPage)} />
            <Route path="a-payer" element={driverScreen(DriverOwedPage)} />
            <Route path="paye" element={driverScreen(DriverPaidPage)} />
            <Route path="salaire" element={driverScreen(DriverSalaryPage)} />
            <Route path="notifications" element={driverScreen(DriverNotificationsPage)} />
            <Route path="*" element={<Navigate to="/chauffeur" replace />} />
          </Route>
          <Route path="/dev/gallery" element={page(GalleryPage, true)} />
          <Route path="*" element={page(NotFoundPage, true)} />
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
