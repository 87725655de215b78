// Loaded only by `import()` when the person downloads: jspdf and its table plugin weigh ~130 kB gzip.
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { formatDateTime } from '../format.ts';
import { cellText, type ExportTable } from './export-table.ts';
import { hexToRgb, PDF_QUALITY, readableTextColor, type PdfOrientation, type PdfQuality } from './export-options.ts';

export interface PdfWriteOptions {
  title: string;
  orientation: PdfOrientation;
  quality: PdfQuality;
  primaryColor: string;
  generatedAt?: Date;
}

const MARGIN_MM = 12;

/**
 * The built-in PDF fonts only know Latin-1 (plus a few signs): French accents print, but curly
 * quotes and the narrow spaces French typography uses would come out as garbage.
 */
export function pdfSafeText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u00AB\u00BB]/g, '"')
    .replace(/[\u00A0\u202F\u2007\u2009]/g, ' ')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\u0000-\u00FF\u20AC]/g, '?');
}

/** A4, the title, the date of the export, the table with its head in the primary colour, page numbers. */
export function buildPdf(table: ExportTable, options: PdfWriteOptions): Blob {
  const settings = PDF_QUALITY[options.quality];
  const doc = new jsPDF({ orientation: options.orientation, unit: 'mm', format: 'a4', compress: true });
  const [r, g, b] = hexToRgb(options.primaryColor);
  const headText = hexToRgb(readableTextColor(options.primaryColor));
  const generatedAt = options.generatedAt ?? new Date();
  const count = table.rows.length;

  doc.setProperties({ title: pdfSafeText(options.title), creator: 'Flotte' });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(settings.titleFontSize);
  doc.setTextColor(r, g, b);
  doc.text(pdfSafeText(options.title), MARGIN_MM, MARGIN_MM + 4);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(Math.max(8, settings.fontSize));
  doc.setTextColor(90, 90, 90);
  const subtitle = `Exporté le ${formatDateTime(generatedAt).replace(' ', ' à ')} - ${count} ${count > 1 ? 'lignes' : 'ligne'}`;
  doc.text(pdfSafeText(subtitle), MARGIN_MM, MARGIN_MM + 10);

  autoTable(doc, {
    head: [table.headers.map(pdfSafeText)],
    body: table.rows.map((cells) => cells.map((cell, i) => pdfSafeText(cellText(cell, table.money[i] ?? false)))),
    startY: MARGIN_MM + 14,
    margin: { top: MARGIN_MM, right: MARGIN_MM, bottom: MARGIN_MM + 4, left: MARGIN_MM },
    theme: settings.striped ? 'striped' : 'plain',
    styles: { fontSize: settings.fontSize, cellPadding: settings.cellPadding, overflow: 'linebreak', textColor: [33, 37, 41] },
    headStyles: { fillColor: [r, g, b], textColor: headText, fontStyle: 'bold' },
    alternateRowStyles: settings.striped ? { fillColor: [245, 247, 250] } : undefined,
    columnStyles: Object.fromEntries(
      table.money.map((money, i) => [i, money ? { halign: 'right' as const } : {}]),
    ),
    showHead: 'everyPage',
  });

  // 'Page 2 / 5' once the table has laid itself out and the page count is known.
  const pages = doc.getNumberOfPages();
  const { width, height } = doc.internal.pageSize;
  doc.setFontSize(8);
  doc.setTextColor(120, 120, 120);
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.text(`Page ${i} / ${pages}`, width - MARGIN_MM, height - 6, { align: 'right' });
  }

  return doc.output('blob');
}
