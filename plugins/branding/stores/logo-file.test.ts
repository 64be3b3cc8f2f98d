import { checkLogoFile, sniffLogoType } from './logo-file';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('logo type from the bytes', () => {
  it('knows PNG, JPEG, WebP and SVG by their content', () => {
    expect(sniffLogoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffLogoType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffLogoType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe('webp');
    expect(
      sniffLogoType(text('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe('svg');
  });

  it('refuses what only the name calls an image', () => {
    expect(sniffLogoType(text('<html><body><svg></svg></body></html>'))).toBeNull();
    expect(sniffLogoType(text('GIF89a'))).toBeNull();
  });
});

describe('checkLogoFile', () => {
  it('refuses a file over 1 MB before reading it, and an HTML file named .png', async () => {
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(await checkLogoFile(big)).toEqual({ ok: false, problem: 'size' });
    const html = new File(['<html></html>'], 'logo.png', { type: 'image/png' });
    expect(await checkLogoFile(html)).toEqual({ ok: false, problem: 'type' });
  });

  it('refuses an SVG over 256 KB, which the server would not clean, and takes one at the limit', async () => {
    const svgOf = (size: number) => {
      const open = '<svg xmlns="http://www.w3.org/2000/svg"><!-- ';
      const close = ' --></svg>';
      return new File([open, 'x'.repeat(size - open.length - close.length), close], 'logo.svg');
    };
    expect(await checkLogoFile(svgOf(256 * 1024 + 1))).toEqual({ ok: false, problem: 'svgSize' });
    expect(await checkLogoFile(svgOf(256 * 1024))).toMatchObject({ ok: true, type: 'svg' });
  });

  it('reads an SVG named .png as an SVG, for the preview and the upload', async () => {
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'logo.png', {
      type: 'image/png',
    });
    expect(await checkLogoFile(svg)).toMatchObject({ ok: true, type: 'svg', name: 'logo.png' });
  });
});
