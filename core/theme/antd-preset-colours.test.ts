import { theme as antdTheme } from 'antd';
import { AA_CONTRAST, contrastRatio } from './contrast';
import { ThemeStore } from './theme-store';

/**
 * antd's coloured tags write shade 7 of a palette on its shade 1. With the portal's tokens every palette's
 * pair reaches WCAG AA (axe found green tags at 3.4:1 on the security and members pages; docs/accessibility.md).
 */
const PALETTES = [
  'red',
  'volcano',
  'orange',
  'gold',
  'yellow',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
  'magenta',
];

describe('antd preset colours under the portal theme', () => {
  const tokens = antdTheme.getDesignToken(new ThemeStore().antdTheme) as unknown as Record<string, string>;

  it.each(PALETTES)('%s tag text reads on its tag background', (palette) => {
    expect(contrastRatio(tokens[`${palette}7`]!, tokens[`${palette}1`]!)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('keeps error text readable on white', () => {
    expect(contrastRatio(tokens.colorError!, '#FFFFFF')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});
