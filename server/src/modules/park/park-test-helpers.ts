import { roles } from '../access/access.tables.ts';
import type { TestContext } from '../../../test/test-context.ts';

/** Helpers shared by the park module's tests. */

export const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A multipart/form-data body from text fields and files. */
export function formData(fields: Record<string, string>, files: { field: string; filename: string; content: Buffer }[] = []) {
  const boundary = '----flotte-park';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A role of the park holding exactly these permissions, for a member to be given. */
export async function addRole(ctx: TestContext, parkId: string, name: string, permissions: string[]) {
  const [role] = await ctx.database.db.insert(roles).values({ parkId, name, permissions }).returning();
  return role;
}
