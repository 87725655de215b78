import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildExcel } from './export-excel.ts';
import { buildPdf, pdfSafeText } from './export-pdf.ts';
import type { ExportTable } from './export-table.ts';

const table: ExportTable = {
  headers: ['Référence', 'Chauffeur', 'Montant'],
  money: [false, false, true],
  rows: [
    ['OP-1', 'Yao Kouassi', 1234567.5],
    ['OP-2', 'Aïcha Diallo', 2500],
  ],
};

describe('Excel writer', () => {
  it('writes the header in the primary colour, then the rows with amounts as numbers', async () => {
    const blob = await buildExcel(table, { sheetName: 'Opérations', primaryColor: '#205DD3' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.getWorksheet('Opérations')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Référence', 'Chauffeur', 'Montant']);
    const head = sheet.getCell('A1');
    expect(head.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF205DD3' } });
    expect(head.font?.color?.argb).toBe('FFFFFFFF');
    expect(sheet.getCell('C2').value).toBe(1234567.5);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.##');
    expect(sheet.getCell('C3').numFmt).toBe('#,##0');
    expect(sheet.getCell('B3').value).toBe('Aïcha Diallo');
    expect(sheet.rowCount).toBe(3);
  });
});

const pdfText = async (blob: Blob) => new TextDecoder('latin1').decode(await blob.arrayBuffer());

/** The first page's width and height in points, rounded (A4 is 595 x 842). */
function pageSize(pdf: string): [number, number] {
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
  if (!box) throw new Error('no MediaBox');
  return [Math.round(Number(box[1])), Math.round(Number(box[2]))];
}

describe('PDF writer', () => {
  it('writes an A4 PDF in the chosen orientation', async () => {
    const landscape = await pdfText(buildPdf(table, { title: 'Opérations', orientation: 'landscape', quality: 'medium', primaryColor: '#205DD3' }));
    expect(landscape.startsWith('%PDF-')).toBe(true);
    expect(pageSize(landscape)).toEqual([842, 595]);
    const portrait = await pdfText(buildPdf(table, { title: 'Opérations', orientation: 'portrait', quality: 'low', primaryColor: '#FFEB3B' }));
    expect(pageSize(portrait)).toEqual([595, 842]);
  });

  it('keeps French accents and replaces what the built-in fonts cannot print', () => {
    expect(pdfSafeText('Opérations d’août « été »\u202F2025…')).toBe('Opérations d\'août " été " 2025...');
  });
});
