/**
 * The `next` query parameter brings a person back where they were sent from after signing in.
 * Only same-site paths are followed (never `//host` or `https://...`), so the link cannot be
 * used to bounce someone to another site.
 */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

export function safeNext(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  if (raw.startsWith('/auth')) return DEFAULT_AFTER_SIGN_IN;
  return raw;
}

/** `?next=...` for a path, or '' for the default destination. */
export function nextQuery(next: string): string {
  return next && next !== DEFAULT_AFTER_SIGN_IN ? `?next=${encodeURIComponent(next)}` : '';
}
