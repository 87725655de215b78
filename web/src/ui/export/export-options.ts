/** The 'Options de téléchargement' choices and their rules (spec 002 §4, §5, §9). */
export type ExportFileType = 'excel' | 'pdf';
export type PdfOrientation = 'landscape' | 'portrait';
export type PdfQuality = 'low' | 'medium' | 'high';

export interface ExportOptions {
  fileType: ExportFileType;
  orientation: PdfOrientation;
  quality: PdfQuality;
  /** '#RRGGBB' once validated. */
  primaryColor: string;
}

/** Spec defaults: PDF, landscape, medium quality, the brand blue. */
export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  fileType: 'pdf',
  orientation: 'landscape',
  quality: 'medium',
  primaryColor: '#205DD3',
};

export const FILE_TYPE_LABELS: Record<ExportFileType, string> = { excel: 'Excel', pdf: 'PDF' };
export const ORIENTATION_LABELS: Record<PdfOrientation, string> = { landscape: 'Paysage', portrait: 'Portrait' };
export const QUALITY_LABELS: Record<PdfQuality, string> = { low: 'Basse', medium: 'Moyenne', high: 'Haute' };

/** The spec's message, in the French french.md gives for its English. */
export const INVALID_HEX_COLOR_MESSAGE = 'Format de couleur invalide (6 chiffres hexadécimaux)';
const HEX_COLOR = /^#?([0-9a-fA-F]{6})$/;

/** Six hex digits with an optional '#'; returns the message to show, or null when valid. */
export function validateHexColor(value: string): string | null {
  return HEX_COLOR.test(value.trim()) ? null : INVALID_HEX_COLOR_MESSAGE;
}

/** '205dd3' or '#205dd3' -> '#205DD3'. Call only on a valid colour. */
export function normalizeHexColor(value: string): string {
  const match = HEX_COLOR.exec(value.trim());
  if (!match) throw new Error(INVALID_HEX_COLOR_MESSAGE);
  return `#${match[1]!.toUpperCase()}`;
}

export function hexToRgb(hex: string): [number, number, number] {
  const digits = normalizeHexColor(hex).slice(1);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * White or near-black text on the chosen header colour, whichever reads better (WCAG contrast):
 * a person may pick a pale yellow, and white on it would vanish.
 */
export function readableTextColor(background: string): '#FFFFFF' | '#1A1B1E' {
  const luminance = (rgb: [number, number, number]) => {
    const [r, g, b] = rgb.map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const bg = luminance(hexToRgb(background));
  const contrast = (fg: number) => (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
  return contrast(1) >= contrast(luminance([0x1a, 0x1b, 0x1e])) ? '#FFFFFF' : '#1A1B1E';
}

export interface PdfQualitySettings {
  /** Table text, in points. */
  fontSize: number;
  titleFontSize: number;
  /** Cell padding, in millimetres. */
  cellPadding: number;
  /** Shade every other row. */
  striped: boolean;
}

/**
 * What 'qualité' means for a table PDF. Its text is vector, so there is no resolution to trade:
 * quality is legibility against density. Low packs the most rows on a page (small type, tight
 * cells: fewer pages to print or to page through on a phone); high is the comfortable print
 * (larger type, roomier cells, shaded rows). Every level compresses its streams: an uncompressed
 * file would only cost the person data on a slow network, never look better.
 */
export const PDF_QUALITY: Record<PdfQuality, PdfQualitySettings> = {
  low: { fontSize: 7, titleFontSize: 12, cellPadding: 1, striped: false },
  medium: { fontSize: 9, titleFontSize: 14, cellPadding: 1.8, striped: true },
  high: { fontSize: 11, titleFontSize: 16, cellPadding: 2.6, striped: true },
};
