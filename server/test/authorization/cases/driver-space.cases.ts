import type { RouteCase } from '../route-table.ts';

/**
 * Issue 22, the driver's own space. Its sign-in is public like every sign-in. Its routes name no
 * record: each answers about the driver the signed-in account is in the acting park, so there is
 * no other park's record to name; what keeps people out is the guard's driver boundary (only a
 * 'driver' profile, refused to everyone else: the `denied` requests below, by park A's member),
 * and the matrix's "issue 22 driver space" block walks every park route with a driver's token.
 */
// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

const driverRoute = (method: RouteCase['method'], url: string, body?: unknown): RouteCase => ({
  method,
  url: url.replace(ZERO_ID, ':id'),
  denied: () => ({ url, body }),
});

export const driverSpaceCases: RouteCase[] = [
  { method: 'POST', url: '/api/auth/driver/login', open: "a driver's sign-in (the same answer for any phone)" },
  { method: 'POST', url: '/api/auth/driver/verify-otp', open: "a driver's sign-in" },
  { method: 'POST', url: '/api/auth/driver/resend-otp', open: "a driver's sign-in (the same answer for any phone)" },
  driverRoute('GET', '/api/driver/me'),
  driverRoute('GET', '/api/driver/me/today'),
  driverRoute('GET', '/api/driver/me/planning'),
  driverRoute('GET', '/api/driver/me/owed'),
  driverRoute('GET', '/api/driver/me/paid'),
  driverRoute('GET', '/api/driver/me/salary'),
  driverRoute('GET', '/api/driver/me/notifications'),
  driverRoute('POST', '/api/driver/me/notifications/read', {}),
  driverRoute('GET', '/api/driver/me/operators'),
  driverRoute('POST', '/api/driver/me/pay', { recette_id: ZERO_ID, operator_id: '8' }),
  driverRoute('POST', `/api/driver/me/payin/${ZERO_ID}/validated`),
  driverRoute('POST', `/api/driver/me/payin/${ZERO_ID}/cancel`),
];
