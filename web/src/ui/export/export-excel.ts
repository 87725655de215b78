// Loaded only by `import()` when the person downloads: exceljs weighs ~250 kB gzip.
import ExcelJS from 'exceljs';
import { excelMoneyFormat, type ExportTable } from './export-table.ts';
import { readableTextColor } from './export-options.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExcelWriteOptions {
  /** Sheet name (Excel allows 31 characters and no []:*?/\). */
  sheetName: string;
  primaryColor: string;
}

/** Excel's ARGB form of '#205DD3'. */
const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;

/**
 * One sheet: the header row in the primary colour (frozen, with filters), then the rows. The
 * table starts at A1 with no title above it, so the file sorts, filters and pivots as is.
 */
export async function buildExcel(table: ExportTable, { sheetName, primaryColor }: ExcelWriteOptions): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Flotte';
  workbook.created = new Date();
  const safeName = sheetName.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Export';
  const sheet = workbook.addWorksheet(safeName, { views: [{ state: 'frozen', ySplit: 1 }] });

  const header = sheet.addRow(table.headers);
  header.font = { bold: true, color: { argb: argb(readableTextColor(primaryColor)) } };
  header.alignment = { vertical: 'middle' };
  header.height = 20;
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(primaryColor) } };
  });

  for (const cells of table.rows) {
    const row = sheet.addRow(cells);
    table.money.forEach((money, i) => {
      const value = cells[i];
      if (money && typeof value === 'number') row.getCell(i + 1).numFmt = excelMoneyFormat(value);
    });
  }

  // Column widths from the longest text (capped), since Excel does not size columns on open.
  table.headers.forEach((title, i) => {
    const longest = table.rows.reduce((max, cells) => Math.max(max, String(cells[i] ?? '').length + (table.money[i] ? 3 : 0)), title.length);
    const column = sheet.getColumn(i + 1);
    column.width = Math.min(60, Math.max(10, longest + 2));
    if (table.money[i]) column.alignment = { horizontal: 'right' };
  });
  if (table.headers.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.headers.length } };
  }

  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_MIME });
}
