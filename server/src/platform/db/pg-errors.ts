/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), whether it comes
 * from node-postgres directly or wrapped by drizzle (the original in `cause`).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
