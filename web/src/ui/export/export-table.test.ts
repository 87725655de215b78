import { describe, expect, it } from 'vitest';
import { cellText, excelMoneyFormat, toExportCell, toExportTable, type ExportColumn } from './export-table.ts';
import { exportFileName } from './export-file-name.ts';

interface Operation {
  ref: string;
  driver: { name: string } | null;
  amount: number | string | null;
  paid: boolean;
  at: Date;
}

const columns: ExportColumn<Operation>[] = [
  { header: 'Référence', value: (r) => r.ref },
  { header: 'Chauffeur', value: (r) => r.driver?.name },
  { header: 'Montant', value: (r) => r.amount, money: true },
  { header: 'Payé', value: (r) => r.paid },
  { header: 'Date', value: (r) => r.at },
];

describe('rows to cells', () => {
  it('maps each row to plain cells in column order, headers first', () => {
    const table = toExportTable(columns, [
      { ref: 'OP-1', driver: { name: 'Yao Kouassi' }, amount: 1234567.456, paid: true, at: new Date(2025, 0, 5, 9, 30) },
      { ref: 'OP-2', driver: null, amount: '2500', paid: false, at: new Date(2025, 11, 31, 18, 5) },
    ]);
    expect(table.headers).toEqual(['Référence', 'Chauffeur', 'Montant', 'Payé', 'Date']);
    expect(table.money).toEqual([false, false, true, false, false]);
    expect(table.rows).toEqual([
      ['OP-1', 'Yao Kouassi', 1234567.46, 'Oui', '05/01/2025 09:30'],
      ['OP-2', '', 2500, 'Non', '31/12/2025 18:05'],
    ]);
  });

  it('keeps amounts as numbers (at most 2 decimals) and empties what is not an amount', () => {
    expect(toExportCell(12.345, true)).toBe(12.35);
    expect(toExportCell('1000.5', true)).toBe(1000.5);
    expect(toExportCell('', true)).toBe('');
    expect(toExportCell('abc', true)).toBe('');
    expect(toExportCell(null, true)).toBe('');
  });

  it('never prints objects as [object Object]', () => {
    expect(toExportCell({ a: 1 })).toBe('');
    expect(toExportCell(['Caissier', 'Gérant'])).toBe('Caissier, Gérant');
    expect(toExportCell(Number.NaN)).toBe('');
  });

  it('prints amounts with the formatAmount rules in PDF text, and matches them in Excel', () => {
    expect(cellText(1234567.5, true)).toBe('1,234,567.5');
    expect(cellText(2500, true)).toBe('2,500');
    expect(cellText('', true)).toBe('');
    expect(cellText('OP-1', false)).toBe('OP-1');
    expect(excelMoneyFormat(2500)).toBe('#,##0');
    expect(excelMoneyFormat(2500.5)).toBe('#,##0.##');
  });
});

describe('file name', () => {
  it('is the given name and the day of the export, with the right extension', () => {
    const day = new Date(2025, 0, 5, 23, 59);
    expect(exportFileName('Operations', 'pdf', day)).toBe('Operations_2025-01-05.pdf');
    expect(exportFileName('Operations', 'excel', day)).toBe('Operations_2025-01-05.xlsx');
  });

  it('replaces characters a file system refuses', () => {
    const day = new Date(2025, 5, 1);
    expect(exportFileName('Recettes 06/2025: "juin"', 'pdf', day)).toBe('Recettes 06-2025- -juin_2025-06-01.pdf');
    expect(exportFileName('  ', 'excel', day)).toBe('Export_2025-06-01.xlsx');
  });
});
