import { describe, expect, it } from 'vitest';
import {
  fileExtension,
  fileSizeError,
  formatFileSize,
  isAcceptedImage,
  megabytes,
  pickImages,
} from './upload-rules.ts';

const files = (...names: string[]) => names.map((name) => ({ name }));

describe('image extensions', () => {
  it('accepts jpg, png, svg and jpeg, whatever the case', () => {
    for (const name of ['a.jpg', 'b.png', 'logo.svg', 'c.jpeg', 'PHOTO.JPG', 'scan.Png', 'my.photo.jpeg']) {
      expect(isAcceptedImage(name)).toBe(true);
    }
  });

  it('refuses everything else, names without an extension included', () => {
    for (const name of ['anim.gif', 'photo.webp', 'photo.heic', 'doc.pdf', 'jpg', '.png', 'photo.', 'photo.png.exe']) {
      expect(isAcceptedImage(name)).toBe(false);
    }
  });

  it('reads the last extension in lower case', () => {
    expect(fileExtension('Facture.Mars.PDF')).toBe('pdf');
    expect(fileExtension('README')).toBe('');
  });
});

describe('pickImages', () => {
  it('keeps the images and names the refused files in French', () => {
    const pick = pickImages(files('a.png', 'b.gif'), 0, true);
    expect(pick.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(pick.error).toBe("« b.gif » n'est pas une image acceptée. Formats acceptés : jpg, png, svg, jpeg.");
  });

  it('uses the plural for several refused files', () => {
    expect(pickImages(files('a.gif', 'b.bmp'), 0, true).error).toBe(
      '« a.gif », « b.bmp » ne sont pas des images acceptées. Formats acceptés : jpg, png, svg, jpeg.',
    );
  });

  it('keeps at most 4 images in all when multiple, counting those already there', () => {
    const pick = pickImages(files('1.png', '2.png', '3.png'), 2, true);
    expect(pick.accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(pick.error).toBe('Vous pouvez ajouter au maximum 4 images.');
    expect(pickImages(files('5.png'), 4, true)).toEqual({ accepted: [], error: 'Vous pouvez ajouter au maximum 4 images.' });
    expect(pickImages(files('1.png', '2.jpg', '3.svg', '4.jpeg'), 0, true)).toEqual({
      accepted: files('1.png', '2.jpg', '3.svg', '4.jpeg'),
      error: null,
    });
  });

  it('replaces the one image of a single-image field', () => {
    expect(pickImages(files('new.png'), 1, false)).toEqual({ accepted: files('new.png'), error: null });
    const two = pickImages(files('a.png', 'b.png'), 0, false);
    expect(two.accepted).toEqual(files('a.png'));
    expect(two.error).toBe('Une seule image est autorisée.');
  });

  it('gives both reasons when both apply', () => {
    expect(pickImages(files('a.gif', '1.png', '2.png'), 3, true).error).toBe(
      "« a.gif » n'est pas une image acceptée. Formats acceptés : jpg, png, svg, jpeg. Vous pouvez ajouter au maximum 4 images.",
    );
  });
});

describe('file sizes', () => {
  it('shows MB with two decimals', () => {
    expect(formatFileSize(1310720)).toBe('1.25 Mo');
    expect(formatFileSize(0)).toBe('0.00 Mo');
    expect(formatFileSize(512 * 1024)).toBe('0.50 Mo');
    expect(formatFileSize(megabytes(10))).toBe('10.00 Mo');
  });

  it('refuses a file over the maximum with the size allowed', () => {
    expect(fileSizeError({ size: megabytes(2) }, megabytes(2))).toBeNull();
    expect(fileSizeError({ size: megabytes(2) + 1 }, megabytes(2))).toBe(
      'Le fichier dépasse la taille maximale autorisée (2.00 Mo).',
    );
    expect(fileSizeError({ size: megabytes(500) })).toBeNull();
  });
});
