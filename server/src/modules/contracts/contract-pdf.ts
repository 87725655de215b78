import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Renders a document definition to PDF bytes with pdfmake (0.3, its Node build). The Roboto fonts
 * pdfmake ships are read once and handed over as bytes, and both access policies refuse everything:
 * a document never makes the server fetch a URL or read a local file, whatever text it carries
 * (a logo arrives as a data URL or SVG text read from our own storage).
 */

const require = createRequire(import.meta.url);
type PdfMake = typeof import('pdfmake');
/** pdfmake's in-memory file system (its Node build has one; the typings only declare the browser's). */
type WithVfs = PdfMake & { virtualfs: { writeFileSync(name: string, content: Buffer): void } };
const FONT_FILES = { normal: 'Roboto-Regular.ttf', bold: 'Roboto-Medium.ttf', italics: 'Roboto-Italic.ttf', bolditalics: 'Roboto-MediumItalic.ttf' };

let printer: PdfMake | null = null;

function pdfmake(): PdfMake {
  if (printer) return printer;
  const pm = require('pdfmake') as WithVfs;
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'build', 'fonts', 'Roboto');
  // Fonts go by name through the virtual file system: read from disk once, and the local access
  // policy below can refuse every real path.
  for (const file of Object.values(FONT_FILES)) pm.virtualfs.writeFileSync(`flotte-fonts/${file}`, readFileSync(path.join(dir, file)));
  const named = Object.fromEntries(Object.entries(FONT_FILES).map(([style, file]) => [style, `flotte-fonts/${file}`]));
  pm.setFonts({ Roboto: named });
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy(() => false);
  printer = pm;
  return pm;
}

export async function renderPdf(def: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(def).getBuffer();
}
