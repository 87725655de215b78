import { lazy, Suspense, useSyncExternalStore } from 'react';
import { MantineProvider } from '@mantine/core';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { TOAST_SUCCESS_MS, toastDemand } from '../ui/toast.ts';
import { AppRoutes } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// The toast container downloads when the first toast is asked for (ui/toast.ts); that toast waits
// in the notifications store and appears as soon as it mounts. It is never in the first commit:
// that first render is a transition (main.tsx), which would otherwise wait for its chunk before
// showing the screen.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Providers, outermost first: theme, toasts, session, routes. Calendar settings (French, weeks from
 * Monday) come with the date widgets (ui/dates), so the sign-in path never loads @mantine/dates.
 */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      {/* TanStack Query is provided by the signed-in layout: the sign-in screens cache nothing. */}
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </MantineProvider>
  );
}

/** Its own component, so that mounting it re-renders nothing else. */
function Toasts() {
  const asked = useSyncExternalStore(toastDemand.subscribe, toastDemand.asked);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      {/* Spec: one toast at a time; the helper in ui/toast.ts replaces rather than queues. */}
      <Notifications limit={1} autoClose={TOAST_SUCCESS_MS} position="top-center" zIndex={1000} />
    </Suspense>
  );
}
