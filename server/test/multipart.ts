/** Multipart bodies for tests of routes that take form data (uploads, photos, logos). */

/** The smallest PNG header our upload check recognises. */
export const TINY_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

export interface FilePart {
  field: string;
  filename: string;
  content: Buffer;
  /** Content-Type sent for the part; the server judges files by their bytes anyway. */
  type?: string;
}

/** A multipart/form-data body and its header, from text fields (repeatable) and files. */
export function formData(fields: Record<string, string> | [string, string][] = [], files: FilePart[] = []) {
  const boundary = '----flotte-test';
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
