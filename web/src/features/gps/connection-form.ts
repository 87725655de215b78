import { ZGpsConnectionInput, type GpsProvider, type TGpsConnection, type TGpsConnectionInput } from '@flotte/contract/gps';

/** The fields of the 'Connexion GPS' form, as typed (strings), and what PUT /gps/connection receives. */
export interface ConnectionDraft {
  provider: GpsProvider;
  base_url: string;
  username: string;
  secret: string;
  lock_command: string;
  unlock_command: string;
  buzzer_command: string;
}

export type ConnectionField = keyof ConnectionDraft;
export type ConnectionErrors = Partial<Record<ConnectionField, string>>;
export const CONNECTION_FIELDS: ConnectionField[] = ['provider', 'base_url', 'username', 'secret', 'lock_command', 'unlock_command', 'buzzer_command'];

export const draftOf = (c: TGpsConnection | undefined): ConnectionDraft => ({
  provider: c?.provider ?? 'flespi',
  base_url: c?.base_url ?? '',
  username: c?.username ?? '',
  secret: '',
  lock_command: c?.lock_command ?? '',
  unlock_command: c?.unlock_command ?? '',
  buzzer_command: c?.buzzer_command ?? '',
});

/** The secret's name for the provider: flespi's token, Traccar's token, or the Traccar user's password. */
export function secretLabel(draft: Pick<ConnectionDraft, 'provider' | 'username'>): string {
  if (draft.provider === 'flespi') return 'Jeton flespi';
  return draft.username.trim() ? 'Mot de passe' : "Jeton d'accès Traccar";
}

/**
 * The body PUT sends, or the errors to show under the fields. An empty secret on an edit of the
 * same provider keeps the saved one; the first connection (or a change of provider) needs one.
 * Fields of the other provider are not sent: flespi has no server address, Traccar no command texts.
 */
export function connectionBody(draft: ConnectionDraft, saved: TGpsConnection | undefined): { body: TGpsConnectionInput } | { errors: ConnectionErrors } {
  const text = (s: string) => s.trim() || null;
  const secret = draft.secret.trim();
  const traccar = draft.provider === 'traccar';
  const input = {
    provider: draft.provider,
    base_url: traccar ? text(draft.base_url) : null,
    username: traccar ? text(draft.username) : null,
    ...(secret ? { secret } : {}),
    lock_command: traccar ? null : text(draft.lock_command),
    unlock_command: traccar ? null : text(draft.unlock_command),
    buzzer_command: traccar ? null : text(draft.buzzer_command),
  };
  const parsed = ZGpsConnectionInput.safeParse(input);
  const errors: ConnectionErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as ConnectionField] ??= issue.message;
  const keepsSecret = Boolean(saved?.connected && saved.provider === draft.provider);
  if (!secret && !keepsSecret) errors.secret ??= `${draft.provider === 'flespi' ? 'Le jeton' : draft.username.trim() ? 'Le mot de passe' : 'Le jeton'} est requis`;
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data } : { errors };
}

/** Whether the form differs from what is saved (the save button waits for a change). */
export function isDirty(draft: ConnectionDraft, saved: TGpsConnection | undefined): boolean {
  if (!saved?.connected) return true;
  const same = draftOf(saved);
  return CONNECTION_FIELDS.some((f) => (f === 'secret' ? draft.secret.trim() !== '' : draft[f].trim() !== same[f].trim()));
}
