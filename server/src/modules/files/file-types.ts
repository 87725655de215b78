/**
 * What we accept, told by the file's first bytes rather than its name or the browser's claim:
 * images (jpg, jpeg, png, svg) everywhere, and for documents also pdf, office files and text.
 */
export interface Sniffed {
  mime: string;
  ext: string;
  kind: 'image' | 'document';
}

const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'svg'];

function startsWith(buf: Buffer, bytes: number[]): boolean {
  return bytes.every((b, i) => buf[i] === b);
}

export function sniff(head: Buffer, filename: string): Sniffed | null {
  const ext = (filename.split('.').pop() ?? '').toLowerCase();
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  const text = head.toString('utf8', 0, Math.min(head.length, 1024)).trimStart();
  if (ext === 'svg' && /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    return { mime: 'image/svg+xml', ext: 'svg', kind: 'image' };
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return { mime: 'application/pdf', ext: 'pdf', kind: 'document' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && ['docx', 'xlsx', 'odt', 'ods'].includes(ext)) {
    return { mime: 'application/octet-stream', ext, kind: 'document' };
  }
  if (['txt', 'csv'].includes(ext) && !head.includes(0)) return { mime: 'text/plain; charset=utf-8', ext, kind: 'document' };
  return null;
}

export function isImageName(filename: string): boolean {
  return IMAGE_EXTS.includes((filename.split('.').pop() ?? '').toLowerCase());
}
