import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { files } from './files.tables.ts';

/**
 * The one check every module runs on a field that names a stored file (a profile or driver photo,
 * vehicle images, a vehicle document's images, an operation's proof ...): the file must be one
 * this park uploaded. Without it a client could name another park's file, which our answers would
 * then hand out as a signed link (a cross-park read), or an outside URL we would show as ours.
 *
 * Accepted forms of a reference: the stored path '/api/file/<id>', the signed link an answer gave
 * ('/api/file/signed/<id>?exp&sig', with or without the origin) and, where a field allows it, the
 * bare id. Anything else, a file of another park, of no park, or an image field naming a document,
 * is refused with 400 naming the field ('Image invalide', or the field's message).
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const STORED = new RegExp(`^/api/file/(${UUID})$`, 'i');
const SIGNED = new RegExp(`^(?:https?://[^/]+)?/api/file/signed/(${UUID})(?:\\?.*)?$`, 'i');
const BARE = new RegExp(`^(${UUID})$`, 'i');

export interface FileRef {
  /** The body field, as the error names it ('image', 'images.1', 'file_link'). */
  field: string;
  value: string | null | undefined;
  /** 'image' (default): only an uploaded image will do; 'any': an image or a document (a proof). */
  kind?: 'image' | 'any';
  /** Whether a bare file id is accepted (operations' file_link, per the spec's clients). */
  bareId?: boolean;
  /** The catalogue entry the refusal uses: FILE_REF_INVALID ('Image invalide') by default. */
  error?: 'FILE_REF_INVALID' | 'DOCUMENT_REF_INVALID';
}

/** The file id a reference names, or null when it is not one of the accepted forms. */
export function fileIdOfRef(value: string, bareId = false): string | null {
  const v = value.trim();
  const m = STORED.exec(v) ?? SIGNED.exec(v) ?? (bareId ? BARE.exec(v) : null);
  return m ? m[1].toLowerCase() : null;
}

function refused(ref: FileRef): AppError {
  const name = ref.error ?? 'FILE_REF_INVALID';
  return new AppError(name, { fieldErrors: [{ field: ref.field, message: new AppError(name).message }] });
}

/**
 * Checks, in one query, that every reference names a file of the park (of the right kind), and
 * answers their stored paths ('/api/file/<id>', what the tables keep) in the order given; blank
 * references (null, undefined, '') are skipped and answer null. Run it inside the write
 * transaction where there is one.
 */
export async function assertParkFiles(db: Db | Tx, parkId: string, refs: FileRef[]): Promise<(string | null)[]> {
  const ids = refs.map((r) => (r.value ? fileIdOfRef(r.value, r.bareId) : null));
  refs.forEach((r, i) => {
    if (r.value && !ids[i]) throw refused(r);
  });
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db.select({ id: files.id, kind: files.kind }).from(files).where(and(eq(files.parkId, parkId), inArray(files.id, wanted)))
    : [];
  const kinds = new Map(rows.map((r) => [r.id, r.kind]));
  return refs.map((r, i) => {
    const id = ids[i];
    if (!id) return null;
    const kind = kinds.get(id);
    if (!kind || ((r.kind ?? 'image') === 'image' && kind !== 'image')) throw refused(r);
    return `/api/file/${id}`;
  });
}

/** One field, one reference: its stored path, or undefined when the field was not sent. */
export async function assertParkFile(db: Db | Tx, parkId: string, ref: FileRef): Promise<string | undefined> {
  const [path] = await assertParkFiles(db, parkId, [ref]);
  return path ?? undefined;
}
