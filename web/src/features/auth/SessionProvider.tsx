import { createContext, startTransition, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { sessionStore, type SessionState } from './session.ts';
import { authApi } from './auth-api.ts';
import { sessionBoot } from './boot.ts';

interface SessionContextValue extends SessionState {
  signOut: () => Promise<void>;
}

/**
 * The query cache loads with the signed-in area; on a page that never held a session there is
 * nothing to clear (and the sign-in screen shouldn't download TanStack Query to find out).
 */
function clearQueryCache() {
  if (!sessionStore.wasEverSignedIn()) return;
  void import('../../api/query-client.ts').then(({ queryClient }) => queryClient.clear());
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Waits for the session's start (boot.ts, begun by main.tsx) and exposes the session to React. It
 * also empties the query cache whenever the session ends, so one person's data is never shown to
 * the next.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
  // Not useSyncExternalStore: its updates render in one block, and the first signed-in render
  // (the whole screen at once) is the longest of the start. A transition renders it in slices
  // that leave the phone responsive.
  const [boot, setBoot] = useState(sessionBoot.getState);
  useEffect(() => {
    const sync = () => startTransition(() => setBoot(sessionBoot.getState()));
    sync(); // the start may have ended between the first render and this effect
    return sessionBoot.subscribe(sync);
  }, []);
  const restore = useCallback(() => void sessionBoot.start(), []);

  useEffect(() => {
    if (state.status === 'signed-out') clearQueryCache();
  }, [state.status]);

  const signOut = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The cookie may already be gone; signing out locally is what the person asked for.
    }
    sessionStore.clear({ byUser: true });
    clearQueryCache();
  }, []);

  if (boot !== 'ready' || state.status === 'loading') {
    return (
      <Center h="100dvh" data-testid="session-loading">
        {boot === 'offline' ? (
          <Stack align="center" gap="sm" p="md">
            <Text ta="center">Connexion impossible. Vérifiez votre connexion internet et réessayez.</Text>
            <Button onClick={restore}>Réessayer</Button>
          </Stack>
        ) : (
          <Loader aria-label="Chargement" />
        )}
      </Center>
    );
  }

  return <SessionContext.Provider value={{ ...state, signOut }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
