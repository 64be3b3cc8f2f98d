/**
 * WCAG 2 contrast arithmetic for the theme: relative luminance, contrast ratio, and picking a readable text
 * colour. Pure functions on hex strings (`#RRGGBB` or `#RRGGBBAA`), no DOM. The rule the portal applies with
 * them is described in docs/theming.md.
 */

/** WCAG 2.x level AA for body text. */
export const AA_CONTRAST = 4.5;

const WHITE = '#FFFFFF';
const BLACK = '#000000';

interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

function parse(hex: string): Rgba {
  const digits = hex.replace(/^#/, '');
  const byte = (start: number) => parseInt(digits.slice(start, start + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), a: digits.length >= 8 ? byte(6) / 255 : 1 };
}

function toHex({ r, g, b }: Pick<Rgba, 'r' | 'g' | 'b'>): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** A translucent colour as it shows over `backdrop` (an opaque colour). */
function over(color: Rgba, backdrop: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * color.a + bottom * (1 - color.a);
  return { r: mix(color.r, backdrop.r), g: mix(color.g, backdrop.g), b: mix(color.b, backdrop.b), a: 1 };
}

function luminanceOf({ r, g, b }: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * WCAG 2 relative luminance, 0 (black) to 1 (white). A translucent colour counts as shown over white.
 * @example
 * relativeLuminance('#FFFFFF') // 1
 */
export function relativeLuminance(hex: string): number {
  return luminanceOf(over(parse(hex), parse(WHITE)));
}

/**
 * WCAG 2 contrast ratio of text over a background, from 1 (same colour) to 21 (black on white). A translucent
 * background counts as shown over white, translucent text as shown over its background.
 * @example
 * contrastRatio('#000000', '#FFFFFF') // 21
 */
export function contrastRatio(text: string, background: string): number {
  const bg = over(parse(background), parse(WHITE));
  const fg = over(parse(text), bg);
  const [light, dark] = [luminanceOf(fg), luminanceOf(bg)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The lowest contrast of `text` over any of `backgrounds` (text that sits on several surfaces). */
export function worstContrast(text: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(text, background)));
}

/** `color` moved a fraction `t` (0..1) of the way toward `target`, opaque. */
function mixToward(color: string, target: string, t: number): string {
  const from = over(parse(color), parse(WHITE));
  const to = parse(target);
  return toHex({
    r: from.r + (to.r - from.r) * t,
    g: from.g + (to.g - from.g) * t,
    b: from.b + (to.b - from.b) * t,
  });
}

/**
 * The colour to write over `backgrounds`: `text` itself when it reaches `minimum` on every one of them;
 * otherwise `text` darkened toward black or lightened toward white, only as far as needed, so a brand colour
 * keeps its hue where it can. One of black and white always reaches 4.5:1 on a single background; when several
 * backgrounds leave neither direction enough room, the better of black and white is returned.
 * @example
 * readableText('#FFFFFF', ['#F5A623']) // a dark grey: white on orange is 2.0:1
 * readableText('#1B2233', ['#FFFFFF']) // '#1B2233' unchanged
 */
export function readableText(text: string, backgrounds: readonly string[], minimum = AA_CONTRAST): string {
  if (worstContrast(text, backgrounds) >= minimum) return text;
  const textIsLighter = relativeLuminance(text) >= Math.max(...backgrounds.map(relativeLuminance));
  const directions = textIsLighter ? [WHITE, BLACK] : [BLACK, WHITE];
  for (const target of directions) {
    if (worstContrast(target, backgrounds) < minimum) continue;
    // Bisect for a small step that is enough; `high` only ever holds a passing step (1, the target, passes).
    let low = 0;
    let high = 1;
    for (let i = 0; i < 16; i++) {
      const middle = (low + high) / 2;
      if (worstContrast(mixToward(text, target, middle), backgrounds) >= minimum) high = middle;
      else low = middle;
    }
    return mixToward(text, target, high);
  }
  return worstContrast(WHITE, backgrounds) >= worstContrast(BLACK, backgrounds) ? WHITE : BLACK;
}

/**
 * The colour furthest along the way from `from` to `toward` on which `text` still reaches `minimum`: for a
 * gradient that leans toward an accent colour without losing the contrast of the text written over it.
 * `from` itself when `text` does not read even there.
 * @example
 * readableBlend('#0B1F44', '#E8A33D', '#FFFFFF') // a brown between navy and orange that white still reads on
 */
export function readableBlend(from: string, toward: string, text: string, minimum = AA_CONTRAST): string {
  if (contrastRatio(text, toward) >= minimum) return toward.toUpperCase();
  let low = 0;
  let high = 1;
  for (let i = 0; i < 16; i++) {
    const middle = (low + high) / 2;
    if (contrastRatio(text, mixToward(from, toward, middle)) >= minimum) low = middle;
    else high = middle;
  }
  return mixToward(from, toward, low);
}

/**
 * White or `dark`, whichever reads better on `background`: for backgrounds that come with no text colour of
 * their own (an organisation's secondary colour).
 * @example
 * readableOn('#0B1F44') // '#FFFFFF'
 */
export function readableOn(background: string, dark = '#1B2233'): string {
  return contrastRatio(WHITE, background) >= contrastRatio(dark, background) ? WHITE : dark;
}
