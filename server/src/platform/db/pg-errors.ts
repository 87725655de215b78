/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), whether it comes
 * from node-postgres directly or wrapped by drizzle (the original in `cause`).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Whether a database error is a foreign-key violation (SQLSTATE 23503): a row still referenced, or naming one that is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}
