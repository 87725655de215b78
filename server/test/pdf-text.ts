import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The text of a PDF, page by page, read with pdfjs-dist's legacy build (the one that runs on Node
 * 20). Tests assert what a person reads in a generated document: names, amounts, clauses. Each
 * page's text items are joined as laid out (a line break where a line ends), and no-break spaces (French amounts: 1 500 000 XAF)
 * read as plain spaces, so an assertion can be written as the person reads it.
 */
const require = createRequire(import.meta.url);

export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    // Roboto is embedded; the standard fonts folder only quiets pdf.js' warnings about it.
    standardFontDataUrl: `${pathToFileURL(path.join(root, 'standard_fonts'))}/`,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      // pdf.js gives words, the spaces between them and line ends as separate items.
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' '));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The whole document's text (pages joined by a blank line). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n\n');
}

/** The text as one line, every run of white space one space: what a phrase assertion wants, whatever the line breaks. */
export async function pdfPlainText(bytes: Uint8Array): Promise<string> {
  return (await pdfText(bytes)).replace(/\s+/g, ' ').trim();
}
