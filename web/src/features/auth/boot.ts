import { refreshSession } from '../../api/client.ts';
import { ApiError } from '../../api/api-error.ts';
import { authApi } from './auth-api.ts';
import { authKeys } from './query-keys.ts';
import { readHintKnown, sessionStore } from './session.ts';
import { sessionMayExist } from './session-hint.ts';

/**
 * The session's start, run by main.tsx before React's first render rather than from an effect
 * after it: on a slow phone that first render alone takes a few hundred milliseconds.
 *
 * - No session hint (see session-hint.ts): signed out at once, no request.
 * - Otherwise POST /refresh-token, then GET /api/user while TanStack Query's chunk downloads, and
 *   the answer goes into the query cache. The signed-in screens then render once, complete, instead
 *   of a skeleton shell followed by a second render (each a long task on a phone) and a layout shift.
 *
 * The SessionProvider shows its loader until the start is over ('ready'), or offers to try again
 * when the network failed ('offline': no answer is not "signed out").
 */
export type BootState = 'starting' | 'ready' | 'offline';

let state: BootState = 'starting';
let running: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: BootState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionBoot = {
  getState: (): BootState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Starts (or, after 'offline', restarts) restoring the session; one run at a time. */
  start(env: BootEnv = browserEnv()): Promise<void> {
    running ??= restore(env).finally(() => {
      running = null;
    });
    return running;
  },
};

export interface BootEnv {
  cookie: string;
  /** TanStack Query's client, loaded only when there is a user to put in it. */
  loadQueryClient: () => Promise<{ setQueryData: (key: readonly unknown[], data: unknown) => unknown }>;
}

function browserEnv(): BootEnv {
  return {
    cookie: typeof document === 'undefined' ? '' : document.cookie,
    loadQueryClient: () => import('../../api/query-client.ts').then((m) => m.queryClient),
  };
}

async function restore(env: BootEnv) {
  set('starting');
  if (!sessionMayExist({ cookie: env.cookie, storedProfileId: sessionStore.getProfileId(), hintKnown: readHintKnown() })) {
    sessionStore.clear();
    set('ready');
    return;
  }
  let session;
  try {
    session = await refreshSession();
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) return set('offline');
    // 403: the remembered profile is refused (not this person's any more): forget it too.
    sessionStore.clear({ forgetProfile: error instanceof ApiError && error.status === 403 });
    return set('ready');
  }
  // Without a PIN the person goes to the PIN step first, which doesn't need the user.
  if (session.has_pin_code) {
    try {
      const [user, queryClient] = await Promise.all([authApi.user(), env.loadQueryClient()]);
      queryClient.setQueryData(authKeys.user(session.profile_id), user);
    } catch {
      // The layout asks again and shows its own error if it fails there too.
    }
  }
  set('ready');
}
