import type { Locator } from '@playwright/test';

export interface MeasuredContrast {
  text: string;
  color: string;
  background: string;
  ratio: number;
}

/**
 * The WCAG 2 contrast of an element's text against what is really behind it, computed in the browser: the
 * computed text colour over the effective background, found by walking up the ancestors and laying every
 * translucent background colour over the next one down (white under the page). When an ancestor paints a
 * gradient, each of its colour stops counts as a background and the worst ratio is reported.
 */
export function measureContrast(element: Locator): Promise<MeasuredContrast> {
  return element.evaluate((node) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const parts = css.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [
        top[0] * a + bottom[0] * (1 - a),
        top[1] * a + bottom[1] * (1 - a),
        top[2] * a + bottom[2] * (1 - a),
        1,
      ];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const show = ([r, g, b]: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;

    // Backgrounds from the element up to the root, nearest first; each entry is one or more candidate colours.
    const layers: Rgba[][] = [];
    for (let current: Element | null = node; current; current = current.parentElement) {
      const style = getComputedStyle(current);
      const stops = style.backgroundImage.includes('gradient')
        ? (style.backgroundImage.match(/rgba?\([^)]+\)/g) ?? []).map(parse)
        : [];
      const color = parse(style.backgroundColor);
      if (stops.length)
        layers.push(stops.map((stop) => over(stop, color[3] > 0 ? color : [255, 255, 255, 1])));
      else if (color[3] > 0) layers.push([color]);
      if (layers.length && layers[layers.length - 1]!.every((c) => c[3] >= 1)) break;
    }
    // Lay the layers bottom-up over white: every combination of candidates, keeping them all.
    let backgrounds: Rgba[] = [[255, 255, 255, 1]];
    for (const layer of layers.reverse())
      backgrounds = layer.flatMap((top) => backgrounds.map((bottom) => over(top, bottom)));

    const text = parse(getComputedStyle(node).color);
    let worst = { ratio: Infinity, background: backgrounds[0]! };
    for (const background of backgrounds) {
      const value = ratio(over(text, background), background);
      if (value < worst.ratio) worst = { ratio: value, background };
    }
    return {
      text: (node.textContent ?? '').trim().slice(0, 60),
      color: show(over(text, worst.background)),
      background: show(worst.background),
      ratio: Math.round(worst.ratio * 100) / 100,
    };
  });
}
