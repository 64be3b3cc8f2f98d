import {
  AA_CONTRAST,
  contrastRatio,
  readableBlend,
  readableOn,
  readableText,
  relativeLuminance,
  worstContrast,
} from './contrast';

describe('relativeLuminance', () => {
  it('is 0 for black, 1 for white, and follows the WCAG formula in between', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    // WCAG 2: sRGB 0x80 linearises to 0.2158605.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
    expect(relativeLuminance('#FF0000')).toBeCloseTo(0.2126, 4);
  });

  it('counts a translucent colour as shown over white', () => {
    expect(relativeLuminance('#00000000')).toBe(1);
    expect(relativeLuminance('#000000FF')).toBe(0);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and the same both ways round for opaque colours', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#0B1F44', '#0B1F44')).toBe(1);
    expect(contrastRatio('#0B1F44', '#F5A623')).toBeCloseTo(contrastRatio('#F5A623', '#0B1F44'), 10);
  });

  it('matches published values: #767676 is the lightest grey that passes AA on white', () => {
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(AA_CONTRAST);
  });

  it('shows translucent text over its background', () => {
    // Black at ~50 % on white is a mid grey, far from black's 21:1.
    expect(contrastRatio('#00000080', '#FFFFFF')).toBeCloseTo(contrastRatio('#7F7F7F', '#FFFFFF'), 1);
  });

  it("measures Acme's seeded branding pair: white on its orange secondary fails, white on its navy passes", () => {
    expect(contrastRatio('#FFFFFF', '#F5A623')).toBeLessThan(AA_CONTRAST);
    expect(contrastRatio('#FFFFFF', '#0B1F44')).toBeGreaterThan(AA_CONTRAST);
  });
});

describe('readableText', () => {
  it('keeps a text colour that already passes', () => {
    expect(readableText('#1B2233', ['#FFFFFF', '#F5F7FB'])).toBe('#1B2233');
    expect(readableText('#FFFFFF', ['#0B1F44'])).toBe('#FFFFFF');
  });

  it('darkens white text on a light background just enough to pass', () => {
    const fixed = readableText('#FFFFFF', ['#FFFFFF']);
    expect(contrastRatio(fixed, '#FFFFFF')).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Just enough: not pushed all the way to black.
    expect(contrastRatio(fixed, '#FFFFFF')).toBeLessThan(4.7);
  });

  it('lightens dark text on a dark background', () => {
    const fixed = readableText('#222222', ['#0B1F44']);
    expect(relativeLuminance(fixed)).toBeGreaterThan(relativeLuminance('#222222'));
    expect(contrastRatio(fixed, '#0B1F44')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('keeps the hue of a light brand colour used as link text, darkened until it reads', () => {
    const fixed = readableText('#F5A623', ['#FFFFFF', '#F5F7FB']);
    expect(worstContrast(fixed, ['#FFFFFF', '#F5F7FB'])).toBeGreaterThanOrEqual(AA_CONTRAST);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(fixed.slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it('goes the other way when the direction the text leans cannot reach 4.5:1 (white on orange becomes dark)', () => {
    const fixed = readableText('#FFFFFF', ['#F5A623']);
    expect(contrastRatio(fixed, '#F5A623')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(relativeLuminance(fixed)).toBeLessThan(relativeLuminance('#F5A623'));
  });

  it.each([
    '#000000',
    '#FFFFFF',
    '#777777',
    '#767676',
    '#F5A623',
    '#0B1F44',
    '#83C5BE',
    '#FFEB3B',
    '#C0392B',
    '#00000080',
  ])('always returns a colour that reads on %s', (background) => {
    for (const text of ['#000000', '#FFFFFF', '#808080', '#F5A623', '#0B1F44']) {
      expect(contrastRatio(readableText(text, [background]), background)).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it('falls back to the better of black and white when no single step satisfies every background', () => {
    expect(readableText('#808080', ['#000000', '#FFFFFF'])).toMatch(/^#(000000|FFFFFF)$/);
  });
});

describe('readableBlend', () => {
  it('goes toward the accent only as far as the text still reads', () => {
    const blend = readableBlend('#0B1F44', '#E8A33D', '#FFFFFF');
    expect(contrastRatio('#FFFFFF', blend)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio('#FFFFFF', blend)).toBeLessThan(4.7);
  });

  it('reaches the accent when the text reads on it too, and stays put when it reads on neither', () => {
    expect(readableBlend('#0B1F44', '#1a237e', '#FFFFFF')).toBe('#1A237E');
    expect(readableBlend('#FFFFFF', '#EEEEEE', '#FFFFFF')).toBe('#FFFFFF');
  });
});

describe('readableOn', () => {
  it('picks white on dark colours and the dark candidate on light ones', () => {
    expect(readableOn('#0B1F44')).toBe('#FFFFFF');
    expect(readableOn('#FFEB3B', '#102A2F')).toBe('#102A2F');
  });
});
