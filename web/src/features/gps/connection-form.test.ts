import { describe, expect, it } from 'vitest';
import type { TGpsConnection } from '@flotte/contract/gps';
import { connectionBody, draftOf, isDirty, secretLabel } from './connection-form.ts';

const saved: TGpsConnection = {
  connected: true,
  provider: 'flespi',
  base_url: null,
  username: null,
  secret_hint: '••••2026',
  lock_command: null,
  unlock_command: null,
  buzzer_command: null,
  devices: 4,
  status: 'ok',
  last_error: null,
  checked_at: '2026-11-26T10:00:00',
  equipped_vehicles: 3,
};

describe('the GPS connection form', () => {
  it('asks for the token on the first connection, and keeps the saved one on an edit', () => {
    expect(connectionBody(draftOf(undefined), undefined)).toEqual({ errors: { secret: 'Le jeton est requis' } });
    const edit = connectionBody({ ...draftOf(saved), lock_command: ' setdigout 1 ' }, saved);
    expect(edit).toEqual({ body: expect.objectContaining({ provider: 'flespi', lock_command: 'setdigout 1', base_url: null }) });
    expect('body' in edit && 'secret' in edit.body).toBe(false);
  });

  it('needs a new secret when the provider changes, and the Traccar address', () => {
    const result = connectionBody({ ...draftOf(saved), provider: 'traccar' }, saved);
    expect(result).toEqual({ errors: { base_url: "L'adresse du serveur Traccar est requise", secret: 'Le jeton est requis' } });
    const withUser = connectionBody({ ...draftOf(saved), provider: 'traccar', base_url: 'traccar.local', username: 'admin', secret: 'motdepasse' }, saved);
    expect(withUser).toEqual({ errors: { base_url: "L'adresse doit commencer par http:// ou https://" } });
  });

  it('sends no command text to Traccar and no server to flespi', () => {
    const result = connectionBody({ ...draftOf(undefined), provider: 'traccar', base_url: 'https://gps.exemple.com', secret: 'abcd1234', lock_command: 'x' }, undefined);
    expect(result).toEqual({ body: expect.objectContaining({ provider: 'traccar', base_url: 'https://gps.exemple.com', lock_command: null, secret: 'abcd1234' }) });
  });

  it('refuses a token with a space or an accent, in French', () => {
    const result = connectionBody({ ...draftOf(undefined), secret: 'jeton é' }, undefined);
    expect('errors' in result && result.errors.secret).toMatch(/sans espace ni accent/);
  });

  it('names the secret after the provider and the user', () => {
    expect(secretLabel({ provider: 'flespi', username: '' })).toBe('Jeton flespi');
    expect(secretLabel({ provider: 'traccar', username: 'admin' })).toBe('Mot de passe');
    expect(secretLabel({ provider: 'traccar', username: '' })).toBe("Jeton d'accès Traccar");
  });

  it('waits for a change before saving an existing connection', () => {
    expect(isDirty(draftOf(saved), saved)).toBe(false);
    expect(isDirty({ ...draftOf(saved), secret: 'nouveau' }, saved)).toBe(true);
    expect(isDirty(draftOf(undefined), undefined)).toBe(true);
  });
});
