/**
 * Just enough MIME decoding for the SMTP simulator to show what a person would read: unfolded
 * headers, RFC 2047 encoded words in the subject, and the text/plain body under its transfer
 * encoding (7bit/8bit, quoted-printable, base64), single-part or multipart.
 */

export interface ParsedMime {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** `raw` holds one char per byte (latin1), as read from the wire. */
export function parseMimeMessage(raw: string): ParsedMime {
  const { headers, body } = splitEntity(raw);
  return {
    subject: decodeEncodedWords(headers.subject ?? ''),
    text: textOf(headers, body).replace(/\r\n/g, '\n').replace(/\n+$/, ''),
    headers,
  };
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  // Unfold: a line starting with whitespace continues the previous header (RFC 5322 2.2.3).
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function textOf(headers: Record<string, string>, body: string): string {
  const contentType = headers['content-type'] ?? 'text/plain';
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  if (mediaType.startsWith('multipart/')) {
    const boundary = param(contentType, 'boundary');
    if (!boundary) return '';
    for (const part of multipartParts(body, boundary)) {
      const entity = splitEntity(part);
      const text = textOf(entity.headers, entity.body);
      if (text) return text;
    }
    return '';
  }
  if (mediaType !== 'text/plain') return '';
  const bytes = decodeTransfer(body, (headers['content-transfer-encoding'] ?? '7bit').toLowerCase());
  return decodeCharset(bytes, param(contentType, 'charset') ?? 'utf-8');
}

function multipartParts(body: string, boundary: string): string[] {
  const parts: string[] = [];
  const delimiter = `--${boundary}`;
  const sections = body.split(new RegExp(`(?:^|\\r?\\n)${escapeRegExp(delimiter)}`));
  // sections[0] is the preamble; a section starting with "--" is the closing delimiter.
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    parts.push(section.replace(/^[ \t]*\r?\n/, ''));
  }
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const unwrapped = body.replace(/=\r?\n/g, '');
    return Buffer.from(
      unwrapped.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  }
  return Buffer.from(body, 'latin1');
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** RFC 2047: =?charset?B|Q?text?=; whitespace between adjacent encoded words is not content. */
export function decodeEncodedWords(value: string): string {
  // Unencoded 8-bit header text (SMTPUTF8-style) arrives as latin1 chars of UTF-8 bytes.
  const source = /[\u0080-\u00ff]/.test(value) ? Buffer.from(value, 'latin1').toString('utf8') : value;
  const joined = source.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
    const bytes =
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    return decodeCharset(bytes, charset.split('*')[0]);
  });
}

function param(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
