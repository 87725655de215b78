import { SESSION_HINT_COOKIE } from '@flotte/contract/constants';

/**
 * Whether a session may exist, read before asking the server. The server sets the readable
 * `flotte_session=1` cookie beside the httpOnly refresh cookie and clears both together, so
 * without it POST /refresh-token could only answer 401 (a wasted round trip on a slow network, and
 * an error in the console of every signed-out visit).
 *
 * A browser signed in before the server set that hint has the refresh cookie but no hint: until
 * it has seen a session established with the hint (`hintKnown`), a remembered profile is reason
 * enough to ask once.
 */
export function sessionMayExist(input: { cookie: string; storedProfileId: string | null; hintKnown: boolean }): boolean {
  if (hasSessionHintCookie(input.cookie)) return true;
  return !input.hintKnown && input.storedProfileId !== null;
}

/** `document.cookie` holds `flotte_session=1` (any order, any spacing). */
export function hasSessionHintCookie(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const [name, value] = part.split('=');
    return name?.trim() === SESSION_HINT_COOKIE && value?.trim() === '1';
  });
}
