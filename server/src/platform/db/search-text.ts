import { sql, type SQL } from 'drizzle-orm';

/**
 * Accent- and case-insensitive search, the same way in SQL and in JS, without the unaccent
 * extension (absent from PGlite): translate() maps accented letters to plain ones. Upper-case
 * accented letters are listed too because lower() leaves them as they are under the C locale.
 * translate() and lower() are immutable, so tables can keep a folded search column (generated,
 * stored) with a trigram index, and a search reads an index instead of every row.
 */
const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæ';
export const FOLD_FROM = ACCENTED + ACCENTED.toUpperCase().replace('Ÿ', '');
export const FOLD_TO = [...FOLD_FROM].map((c) => c.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().slice(0, 1)).join('');

/** The folded form of a SQL text expression. */
export const folded = (expr: SQL) => sql`translate(lower(${expr}), ${FOLD_FROM}, ${FOLD_TO})`;

/** The same folding as SQL text with inline literals, for generated columns (no parameters there). */
export const foldedLiteral = (expr: string) => sql.raw(`translate(lower(${expr}), '${FOLD_FROM}', '${FOLD_TO}')`);

/** The folded form of what someone typed. */
export const foldText = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** `%text%` for LIKE, with the typed wildcards escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
