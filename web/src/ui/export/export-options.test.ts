import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_OPTIONS,
  hexToRgb,
  INVALID_HEX_COLOR_MESSAGE,
  normalizeHexColor,
  readableTextColor,
  validateHexColor,
} from './export-options.ts';

describe('download options', () => {
  it('defaults to PDF, landscape, medium quality and #205DD3 (spec)', () => {
    expect(DEFAULT_EXPORT_OPTIONS).toEqual({ fileType: 'pdf', orientation: 'landscape', quality: 'medium', primaryColor: '#205DD3' });
  });
});

describe('colour rule', () => {
  it('accepts six hex digits with or without #', () => {
    for (const ok of ['#205DD3', '205dd3', '#abcdef', ' #000000 ', 'FFFFFF']) expect(validateHexColor(ok)).toBeNull();
  });

  it('refuses anything else with the spec message', () => {
    for (const bad of ['', '#', '#fff', '#205DD', '#205DD33', '##205DD3', '#20 5DD3', 'bleu', '#GGGGGG', 'rgb(0,0,0)']) {
      expect(validateHexColor(bad)).toBe(INVALID_HEX_COLOR_MESSAGE);
    }
    expect(INVALID_HEX_COLOR_MESSAGE).toBe('Format de couleur invalide (6 chiffres hexadécimaux)');
  });

  it('normalises to #RRGGBB and reads the channels', () => {
    expect(normalizeHexColor('205dd3')).toBe('#205DD3');
    expect(hexToRgb('#205DD3')).toEqual([0x20, 0x5d, 0xd3]);
    expect(() => normalizeHexColor('#fff')).toThrow(INVALID_HEX_COLOR_MESSAGE);
  });

  it('writes white on dark headers and dark on pale ones', () => {
    expect(readableTextColor('#205DD3')).toBe('#FFFFFF');
    expect(readableTextColor('#000000')).toBe('#FFFFFF');
    expect(readableTextColor('#FFEB3B')).toBe('#1A1B1E');
    expect(readableTextColor('#FFFFFF')).toBe('#1A1B1E');
  });
});
