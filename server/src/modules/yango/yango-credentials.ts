import { eq } from 'drizzle-orm';
import { YangoApiError, type YangoCredentials } from '../../integrations/yango/yango.types.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoConnections } from './yango.tables.ts';

/** The park id is the sealed key's context: a key copied to another park's row doesn't open. */
export const apiKeyContext = (parkId: string) => `yango-api-key:${parkId}`;

/** The park's Fleet API credentials, the key unsealed; YANGO_NOT_CONNECTED without a connection. */
export async function credentialsOf(deps: Pick<YangoDeps, 'box'> & { db: Db | Tx }, parkId: string): Promise<YangoCredentials> {
  const [row] = await deps.db.select().from(yangoConnections).where(eq(yangoConnections.parkId, parkId));
  if (!row) throw new AppError('YANGO_NOT_CONNECTED');
  const apiKey = deps.box.open(row.apiKeySealed, apiKeyContext(parkId));
  // A key that no longer opens (SECRETS_KEY changed without resealing): the owner enters it again.
  if (apiKey === null) throw new AppError('YANGO_NOT_CONNECTED');
  return { clientId: row.clientId, apiKey, parkId: row.yangoParkId };
}

/**
 * A Fleet API failure as the person sees it: refused credentials (401/403) say so, anything
 * transient (no answer, 429 after the retries, 5xx) is 'Yango ne répond pas'; other refusals keep
 * their status family as YANGO_UNAVAILABLE too, Yango's own message logged, never shown raw.
 */
export function yangoFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof YangoApiError && (err.status === 401 || err.status === 403)) return new AppError('YANGO_CREDENTIALS_REFUSED');
  return new AppError('YANGO_UNAVAILABLE');
}
