import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../auth/SessionProvider.tsx';

/**
 * /chauffeur/*: a driver's session with a PIN. Signed out: his sign-in; without a PIN yet: the
 * PIN step every account uses, then back here; a park's profile: its dashboard.
 */
export function RequireDriver({ children }: { children: ReactNode }) {
  const { status, userType, hasPinCode } = useSession();
  if (status !== 'signed-in') return <Navigate to="/chauffeur/connexion" replace />;
  if (userType !== 'driver') return <Navigate to="/dashboard" replace />;
  if (!hasPinCode) return <Navigate to={`/auth/pin?next=${encodeURIComponent('/chauffeur')}`} replace />;
  return children;
}
