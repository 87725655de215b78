import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { refreshSession } from '../../api/client.ts';
import { ApiError } from '../../api/api-error.ts';
import { sessionStore, type SessionState } from './session.ts';
import { authApi } from './auth-api.ts';

interface SessionContextValue extends SessionState {
  signOut: () => Promise<void>;
}

/** The query cache loads with the signed-in area; if it was never loaded there is nothing to clear. */
function clearQueryCache() {
  void import('../../api/query-client.ts').then(({ queryClient }) => queryClient.clear());
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Restores the session once at start (POST /refresh-token with the httpOnly cookie; a 401 just
 * means signed out) and exposes it to React. It also empties the query cache whenever the
 * session ends, so one person's data is never shown to the next.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
  const [offline, setOffline] = useState(false);

  const restore = useCallback(() => {
    setOffline(false);
    refreshSession().catch((error: unknown) => {
      // No answer is not "signed out": on a bad connection offer to try again instead.
      if (error instanceof ApiError && error.isNetwork) setOffline(true);
      // 403: the remembered profile is refused (not this person's any more): forget it too.
      else sessionStore.clear({ forgetProfile: error instanceof ApiError && error.status === 403 });
    });
  }, []);

  useEffect(() => {
    if (sessionStore.getState().status === 'loading') restore();
  }, [restore]);

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

  if (state.status === 'loading') {
    return (
      <Center h="100dvh" data-testid="session-loading">
        {offline ? (
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
