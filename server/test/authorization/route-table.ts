import { formData, TINY_PNG } from '../multipart.ts';
import type { World } from './world.ts';
import { driverSpaceCases } from './cases/driver-space.cases.ts';
import { catalogCases } from './cases/catalog.cases.ts';
import { driversCases } from './cases/drivers.cases.ts';
import { vehiclesCases } from './cases/vehicles.cases.ts';
import { vehicleDocumentsGroupsCases } from './cases/vehicle-documents-groups.cases.ts';
import { pnlCases } from './cases/pnl.cases.ts';
import { withdrawalsCases } from './cases/withdrawals.cases.ts';
import { operationsCases } from './cases/operations.cases.ts';
import { caissesCases } from './cases/caisses.cases.ts';
import { accountingCases } from './cases/accounting.cases.ts';
import { recipesCases } from './cases/recipes.cases.ts';
import { payinsCases } from './cases/payins.cases.ts';
import { salaryDashboardCases } from './cases/salary-dashboard.cases.ts';
import { planningCases } from './cases/planning.cases.ts';
import { maintenanceCases } from './cases/maintenance.cases.ts';
import { remindersNotificationsCases } from './cases/reminders-notifications.cases.ts';
import { suppliersCases } from './cases/suppliers.cases.ts';
import { contractDocumentsCases } from './cases/contract-documents.cases.ts';
import { contractMoneyCases } from './cases/contract-money.cases.ts';
import { contractsCases } from './cases/contracts.cases.ts';
import { clientsCases } from './cases/clients.cases.ts';
import { geoCases } from './cases/geo.cases.ts';
import { coursesCases } from './cases/courses.cases.ts';
import { courseMoneyCases } from './cases/course-money.cases.ts';
import { yangoDebitCases } from './cases/yango-debit.cases.ts';
import { yangoActivityCases } from './cases/yango-activity.cases.ts';
import { yangoLinkCases } from './cases/yango-link.cases.ts';
import { gpsCases } from './cases/gps.cases.ts';
import { phoneGpsCases } from './cases/phone-gps.cases.ts';
// issue 22 penalty triggers
import { penaltyTriggersCases } from './cases/penalty-triggers.cases.ts';
// issue 23 subscriptions
import { subscriptionsCases } from './cases/subscriptions.cases.ts';

/** A concrete request: its URL (with real ids) and body. */
export interface CaseRequest {
  url: string;
  body?: unknown;
}

/**
 * One row per API route. Each says how the route keeps people out, and gives the requests that
 * prove it:
 * - `denied`: a request that park A's member without any role must see refused with 403. Required
 *   for every route that declares a permission, and for routes checking one in the handler.
 * - `otherPark`: a request by park A's owner naming park B's record or park B itself; it must be
 *   refused (403 or 404) and must not reveal or change park B's data.
 * - `open`: why the route needs neither (public, or about the caller's own account only).
 * Later modules add their routes' rows here; the matrix test fails for a route without one.
 */
export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  /** Permissions checked inside the handler rather than in the route config. */
  handlerPermission?: string;
  denied?: (w: World) => CaseRequest | Promise<CaseRequest>;
  otherPark?: (w: World) => CaseRequest | Promise<CaseRequest>;
  open?: string;
  /**
   * Why `otherPark` does not apply when park B is the caller's own second park (the record is the
   * caller's own, whatever park he acts in).
   */
  notForOwnSecondPark?: string;
}

const ZERO_ID = '00000000-0000-7000-8000-000000000000';

const CORE_CASES: RouteCase[] = [
  // Platform
  { method: 'GET', url: '/api/health', open: 'public readiness probe (database reachable), for load balancers' },
  { method: 'GET', url: '/api/health/live', open: 'public liveness probe, no I/O' },
  { method: 'GET', url: '/api/dev/status', open: 'development mode only, tells nothing about data' },
  { method: 'GET', url: '/api/dev/outbox', open: 'development mode only (never enabled in production)' },
  {
    method: 'POST',
    url: '/api/dev/recipes/run-job',
    // Development mode only; runs the acting park's job, names no record of another park.
    denied: () => ({ url: '/api/dev/recipes/run-job', body: {} }),
  },
  {
    method: 'POST',
    url: '/api/dev/gps/run-triggers',
    // issue 22. Development mode only; one pass of the acting park's penalty triggers (GEOLOCK).
    denied: () => ({ url: '/api/dev/gps/run-triggers', body: {} }),
  },

  // Sign-in and session: the caller proves who they are; nothing of a park is named.
  { method: 'POST', url: '/api/login', open: 'sign-in' },
  // Sign-up: nobody is signed in yet; nothing of a park exists before the code is confirmed.
  { method: 'GET', url: '/api/register', open: 'sign-up: whether it is open, and the countries' },
  { method: 'POST', url: '/api/register', open: 'sign-up' },
  { method: 'POST', url: '/api/register/verify-otp', open: 'sign-up' },
  { method: 'POST', url: '/api/register/resend-otp', open: 'sign-up' },
  { method: 'POST', url: '/api/login-verify-otp', open: 'sign-in' },
  { method: 'POST', url: '/api/resent-otp', open: 'sign-in' },
  { method: 'POST', url: '/api/forgot-password', open: 'password reset' },
  { method: 'POST', url: '/api/forgot-password-verify-otp', open: 'password reset' },
  { method: 'POST', url: '/api/reset-password', open: 'password reset' },
  { method: 'POST', url: '/api/refresh-token', open: 'session' },
  { method: 'POST', url: '/api/logout', open: 'session' },
  { method: 'POST', url: '/api/update-pin-code', open: "the caller's own PIN" },
  { method: 'POST', url: '/api/verify-pin-code', open: "the caller's own PIN" },
  { method: 'POST', url: '/api/verify-password', open: "the caller's own password" },

  // The caller's own user and profiles
  { method: 'GET', url: '/api/user', open: 'the caller as the acting profile sees them' },
  { method: 'GET', url: '/api/user/profiles', open: "the caller's own profiles" },
  {
    method: 'PUT',
    url: '/api/profile/:id',
    otherPark: (w) => ({ url: `/api/profile/${w.ownerB.profileId}`, body: { first_name: 'Intrus' } }),
    notForOwnSecondPark: "a person edits his own name through any of his profiles",
  },

  // Files: a park reads only its own; signed links are checked by signature.
  { method: 'POST', url: '/api/file/upload', open: "stores into the caller's own park" },
  { method: 'POST', url: '/api/file/upload/file', open: "stores into the caller's own park" },
  {
    method: 'GET',
    url: '/api/file/:id',
    otherPark: async (w) => {
      const id = await w.recordOfB('file', async () => {
        const { body: payload, headers } = formData([], [{ field: 'file', filename: 'b.png', content: TINY_PNG }]);
        const res = await w.ctx.app.inject({
          method: 'POST',
          url: '/api/file/upload',
          headers: { authorization: `Bearer ${w.ownerB.token}`, profile_id: w.ownerB.profileId, ...headers },
          payload,
        });
        return (res.json() as { data: { id: string } }).data.id;
      });
      return { url: `/api/file/${id}` };
    },
  },
  { method: 'GET', url: '/api/file/signed/:id', open: 'public, but only with a valid unexpired signature' },

  // Company data, password change, reset, deletion and countries (park, access, location modules).
  { method: 'GET', url: '/api/park/:park_id', otherPark: (w) => ({ url: `/api/park/${w.parkB}` }) },
  {
    method: 'PUT',
    url: '/api/park/:park_id',
    denied: (w) => ({ url: `/api/park/${w.parkA}`, body: { name: 'Intrus' } }),
    otherPark: (w) => ({ url: `/api/park/${w.parkB}`, body: { name: 'Intrus' } }),
  },
  { method: 'PUT', url: '/api/account', denied: () => ({ url: '/api/account', body: { name: 'Intrus' } }) },
  { method: 'DELETE', url: '/api/account', denied: () => ({ url: '/api/account' }) },
  { method: 'GET', url: '/api/park/by-code/:company', open: "a park's public card (name, city, logo) found by the code its owner hands out" },
  {
    method: 'POST',
    url: '/api/park',
    handlerPermission: 'the owner of the acting park only (the new park is his, with his owner profile)',
    denied: () => ({ url: '/api/park', body: { name: 'Parc Intrus', city: 'Douala', country_code: 'CM' } }),
  },
  { method: 'GET', url: '/api/park/checklist', open: "the acting park's own first steps (done or not), for any of its members" },
  { method: 'GET', url: '/api/park/reset-options', denied: () => ({ url: '/api/park/reset-options' }) },
  {
    method: 'PUT',
    url: '/api/park/reset/:parkID',
    denied: (w) => ({ url: `/api/park/reset/${w.parkA}`, body: { options: ['roles'] } }),
    otherPark: (w) => ({ url: `/api/park/reset/${w.parkB}`, body: { options: ['roles'] } }),
  },
  { method: 'POST', url: '/api/admin-reset-password', open: "the caller's own password" },
  { method: 'GET', url: '/api/location/country', open: 'public reference list' },

  // Roles, permissions and park administrators (access module).
  { method: 'GET', url: '/api/permissions/list', open: 'the permission catalogue, the same for every park' },
  { method: 'GET', url: '/api/access-root', open: "the caller's own acting profile" },
  { method: 'GET', url: '/api/role-name', denied: () => ({ url: '/api/role-name' }) },
  { method: 'POST', url: '/api/role-name/add', denied: () => ({ url: '/api/role-name/add', body: { name: 'Intrus', permissions: ['MANAGE_ACCESS'] } }) },
  {
    method: 'PUT',
    url: '/api/role-name/update/:id',
    denied: () => ({ url: `/api/role-name/update/${ZERO_ID}`, body: { name: 'Intrus', permissions: ['MANAGE_ACCESS'] } }),
    otherPark: async (w) => ({ url: `/api/role-name/update/${await roleOfB(w)}`, body: { name: 'Intrus', permissions: ['MANAGE_ACCESS'] } }),
  },
  {
    method: 'DELETE',
    url: '/api/role-name/delete/:id',
    denied: () => ({ url: `/api/role-name/delete/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/role-name/delete/${await roleOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/permissions/role/:role_id',
    denied: () => ({ url: `/api/permissions/role/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/permissions/role/${await roleOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/access/role_name/:role_id',
    denied: () => ({ url: `/api/access/role_name/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/access/role_name/${await roleOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/permissions/profile/permissions/:profile_id',
    handlerPermission: 'MANAGE_ACCESS (without it, only the acting profile itself)',
    denied: (w) => ({ url: `/api/permissions/profile/permissions/${w.ownerA.profileId}` }),
    otherPark: (w) => ({ url: `/api/permissions/profile/permissions/${w.ownerB.profileId}` }),
  },
  {
    method: 'GET',
    url: '/api/admin',
    handlerPermission: 'MANAGE_ACCESS, MANAGE_VEHICLE_GROUPS or MANAGE_CAISSE',
    denied: (w) => ({ url: `/api/admin?park_id=${w.parkA}` }),
    otherPark: (w) => ({ url: `/api/admin?park_id=${w.parkB}` }),
  },
  {
    method: 'POST',
    url: '/api/admin/add',
    denied: () => ({ url: '/api/admin/add', body: { first_name: 'Intrus', last_name: 'Intrus', email: 'intrus@test.flotte', role_ids: [ZERO_ID] } }),
    otherPark: (w) => ({ url: '/api/admin/add', body: { park_id: w.parkB, first_name: 'Intrus', last_name: 'Intrus', email: 'intrus@test.flotte', role_ids: [ZERO_ID] } }),
  },
  {
    method: 'PUT',
    url: '/api/admin/:id',
    denied: () => ({ url: `/api/admin/${ZERO_ID}`, body: { first_name: 'Intrus' } }),
    otherPark: (w) => ({ url: `/api/admin/${w.ownerB.profileId}`, body: { first_name: 'Intrus' } }),
  },
  {
    method: 'DELETE',
    url: '/api/park/remove-profile',
    denied: (w) => ({ url: `/api/park/remove-profile?profile_id=${w.ownerA.profileId}` }),
    otherPark: (w) => ({ url: `/api/park/remove-profile?profile_id=${w.ownerB.profileId}` }),
  },
];

/** Every route's case: the core ones above, then one file per module under cases/. */
export const ROUTE_CASES: RouteCase[] = [...CORE_CASES, ...catalogCases, ...driversCases, ...vehiclesCases, ...vehicleDocumentsGroupsCases, ...pnlCases, ...operationsCases, ...caissesCases, ...accountingCases, ...withdrawalsCases, ...recipesCases, ...payinsCases, ...salaryDashboardCases, ...planningCases, ...remindersNotificationsCases, ...suppliersCases, ...maintenanceCases, ...contractDocumentsCases, ...contractMoneyCases, ...contractsCases, ...clientsCases, ...geoCases, ...coursesCases, ...courseMoneyCases, ...yangoDebitCases, ...yangoActivityCases, ...yangoLinkCases, ...penaltyTriggersCases];

// issue 22 driver space
ROUTE_CASES.push(...driverSpaceCases);

// issue 22 GPS
ROUTE_CASES.push(...gpsCases);

// issue 22 phone GPS
ROUTE_CASES.push(...phoneGpsCases);

// issue 23 subscriptions
ROUTE_CASES.push(...subscriptionsCases);

export { ZERO_ID };

/** One of park B's roles (every park starts with the default ones). */
function roleOfB(w: World): Promise<string> {
  return w.recordOfB('role', async () => {
    const res = await w.ctx.api('GET', '/api/role-name', { token: w.ownerB.token, profileId: w.ownerB.profileId });
    return (res.data as { id: string }[])[0].id;
  });
}

