import { describe, expect, it } from 'vitest';
import { hasSessionHintCookie, sessionMayExist } from './session-hint.ts';

describe('session hint', () => {
  it('reads flotte_session=1 among other cookies', () => {
    expect(hasSessionHintCookie('flotte_session=1')).toBe(true);
    expect(hasSessionHintCookie('a=b; flotte_session=1; c=d')).toBe(true);
    expect(hasSessionHintCookie('')).toBe(false);
    expect(hasSessionHintCookie('flotte_session=')).toBe(false);
    expect(hasSessionHintCookie('x_flotte_session=1')).toBe(false);
  });

  it('asks the server only when a session may exist', () => {
    expect(sessionMayExist({ cookie: 'flotte_session=1', storedProfileId: null, hintKnown: true })).toBe(true);
    // Signed out (the server cleared the hint): no request, even with a remembered profile.
    expect(sessionMayExist({ cookie: '', storedProfileId: 'p1', hintKnown: true })).toBe(false);
    expect(sessionMayExist({ cookie: '', storedProfileId: null, hintKnown: false })).toBe(false);
    // Signed in before the server set hints: the remembered profile is reason to ask once.
    expect(sessionMayExist({ cookie: '', storedProfileId: 'p1', hintKnown: false })).toBe(true);
  });
});
