import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../features/auth/SessionProvider.tsx';
import { nextQuery, safeNext } from '../features/auth/next-url.ts';

/**
 * Route guards. Navigation after sign-in, PIN setup and sign-out follows from the session state
 * alone, so no screen has to race the session update with its own navigate() call.
 */

/** /dashboard/*: signed in with a PIN, otherwise to sign-in (with `next`) or to the PIN step. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, hasPinCode, signedOutByUser, userType } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (status !== 'signed-in') {
    const search = signedOutByUser ? '' : nextQuery(safeNext(here));
    return <Navigate to={`/auth/login${search}`} replace />;
  }
  if (!hasPinCode) return <Navigate to={`/auth/pin${nextQuery(safeNext(here))}`} replace />;
  // A driver's session sees only his own space (features/driver-space).
  if (userType === 'driver') return <Navigate to="/chauffeur" replace />;
  return children;
}

/** /auth/login, /auth/otp, /auth/forgot-password: only for people who are signed out. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status, hasPinCode } = useSession();
  const [searchParams] = useSearchParams();
  if (status === 'signed-in') {
    const next = safeNext(searchParams.get('next'));
    return <Navigate to={hasPinCode ? next : `/auth/pin${nextQuery(next)}`} replace />;
  }
  return children;
}

/** /auth/pin: signed in but without a PIN yet. */
export function RequirePinSetup({ children }: { children: ReactNode }) {
  const { status, hasPinCode } = useSession();
  const [searchParams] = useSearchParams();
  if (status !== 'signed-in') return <Navigate to="/auth/login" replace />;
  if (hasPinCode) return <Navigate to={safeNext(searchParams.get('next'))} replace />;
  return children;
}
