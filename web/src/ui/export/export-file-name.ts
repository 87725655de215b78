import type { ExportFileType } from './export-options.ts';

export const FILE_EXTENSIONS: Record<ExportFileType, string> = { excel: 'xlsx', pdf: 'pdf' };

/**
 * 'Operations_2025-01-05.pdf': the name the screen gives, then the day of the export (year first,
 * so a folder of exports sorts by date). Characters that Windows or Android refuse in a file
 * name are replaced.
 */
export function exportFileName(base: string, fileType: ExportFileType, now: Date = new Date()): string {
  const safe = base
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.-]+|[.-]+$/g, '');
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${safe || 'Export'}_${day}.${FILE_EXTENSIONS[fileType]}`;
}
