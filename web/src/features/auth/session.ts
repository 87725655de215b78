import type { TLoginType, TSession } from '@flotte/contract';
import { TOKEN_VALIDITY_MARGIN_SECONDS } from '@flotte/contract/constants';
import { jwtExpiryMs } from '../../api/jwt.ts';

/**
 * The session, outside React so the API client can read it.
 * The access token lives only in this module (never in storage: an XSS cannot lift it from disk,
 * and the refresh token stays in an httpOnly cookie). The chosen profile id is not secret and is
 * kept in localStorage so a reload acts as the same profile.
 */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  userType: TLoginType | null;
  profileId: string | null;
  parkId: string | null;
  hasPinCode: boolean;
  /** True after the person signed out themselves: no `next` link back is worth keeping. */
  signedOutByUser: boolean;
}

export const PROFILE_STORAGE_KEY = 'flotte.profile_id';
/** Set once a session was established by a server that sets the readable session hint (session-hint.ts). */
export const HINT_KNOWN_STORAGE_KEY = 'flotte.session_hint';

let accessToken: string | null = null;
let everSignedIn = false;
let tokenExpiresAtMs = 0;
let state: SessionState = {
  status: 'loading',
  userType: null,
  profileId: readStoredProfileId(),
  parkId: null,
  hasPinCode: false,
  signedOutByUser: false,
};
const listeners = new Set<() => void>();

function readStoredProfileId(): string | null {
  try {
    return localStorage.getItem(PROFILE_STORAGE_KEY);
  } catch {
    return null; // storage can be disabled (private mode on some phones)
  }
}

function storeProfileId(profileId: string | null) {
  try {
    if (profileId) localStorage.setItem(PROFILE_STORAGE_KEY, profileId);
    else localStorage.removeItem(PROFILE_STORAGE_KEY);
  } catch {
    /* keeping it in memory is enough for this tab */
  }
}

export function readHintKnown(): boolean {
  try {
    return localStorage.getItem(HINT_KNOWN_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function storeHintKnown() {
  try {
    localStorage.setItem(HINT_KNOWN_STORAGE_KEY, '1');
  } catch {
    /* without storage, a remembered profile can't be read either */
  }
}

function setState(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getToken: () => accessToken,
  getProfileId: () => state.profileId,
  /** Whether this page ever held a session (so there may be a query cache to empty). */
  wasEverSignedIn: () => everSignedIn,

  /** True when there is a token whose expiry is within the spec's 20-second margin. */
  tokenNeedsRefresh(now = Date.now()) {
    return accessToken !== null && tokenExpiresAtMs - now <= TOKEN_VALIDITY_MARGIN_SECONDS * 1000;
  },

  /** Adopts a session answered by login-verify-otp or refresh-token. */
  establish(session: TSession) {
    accessToken = session.token;
    tokenExpiresAtMs = jwtExpiryMs(session.token) ?? Date.now() + session.expires_in * 1000;
    storeProfileId(session.profile_id);
    storeHintKnown();
    everSignedIn = true;
    setState({
      status: 'signed-in',
      userType: session.user_type,
      profileId: session.profile_id,
      parkId: session.park_id,
      hasPinCode: session.has_pin_code,
      signedOutByUser: false,
    });
  },

  setHasPinCode(hasPinCode: boolean) {
    setState({ hasPinCode });
  },

  /** Acts as another profile of the same person from the next call on. */
  switchProfile(profileId: string, parkId: string | null) {
    storeProfileId(profileId);
    setState({ profileId, parkId });
  },

  /**
   * Forgets the session. `byUser` marks an explicit sign-out, which also forgets the chosen
   * profile (the next person on this phone should not inherit it); an expired session keeps it
   * for the same person unless `forgetProfile` says the server refused it.
   */
  clear(options: { byUser?: boolean; forgetProfile?: boolean } = {}) {
    const byUser = options.byUser ?? false;
    const forgetProfile = options.forgetProfile ?? byUser;
    accessToken = null;
    tokenExpiresAtMs = 0;
    if (forgetProfile) storeProfileId(null);
    setState({
      status: 'signed-out',
      userType: null,
      parkId: null,
      hasPinCode: false,
      signedOutByUser: byUser,
      profileId: forgetProfile ? null : state.profileId,
    });
  },
};
