import { readdirSync, readFileSync } from 'node:fs';
import { theme as antdTheme } from 'antd';
import { AA_CONTRAST, contrastRatio } from '../core/theme/contrast';
import { ThemeStore } from '../core/theme/theme-store';

/**
 * Every shipped preset, checked on the colours the portal actually paints text with: antd's design tokens derived
 * from the preset (as ConfigProvider derives them), the app header's colours and the side menu's tokens. A preset changes
 * colours only, so this is what the end-to-end accessibility walk used to check by scanning every page once more
 * per preset for contrast; the walk now runs the configured preset with every rule (e2e/accessibility.spec.ts).
 */
const presets = readdirSync('themes')
  .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
  .map((file) => file.replace(/\.json$/, ''));

/** antd writes derived colours as `#rrggbb` or `rgba(r, g, b, a)`; contrast.ts takes `#RRGGBBAA`. */
function hex(color: string): string {
  if (color.startsWith('#')) return color;
  const match = /^rgba?\(([^)]+)\)$/.exec(color.replace(/\s+/g, ''));
  if (!match) throw new Error(`not a colour: ${color}`);
  const [r, g, b, a = '1'] = match[1]!.split(',');
  const byte = (value: number) => Math.round(value).toString(16).padStart(2, '0');
  return `#${byte(Number(r))}${byte(Number(g))}${byte(Number(b))}${byte(Number(a) * 255)}`;
}

describe.each(presets)('theme preset %s: every text colour reads on what it is drawn on (WCAG AA)', (preset) => {
  const colors = JSON.parse(readFileSync(`themes/${preset}.json`, 'utf8')) as Record<string, string>;
  const theme = new ThemeStore(colors);
  const tokens = antdTheme.getDesignToken(theme.antdTheme) as unknown as Record<string, string>;
  const surfaces = { page: tokens.colorBgLayout!, card: tokens.colorBgContainer! };

  it.each([
    'colorText',
    'colorTextHeading',
    'colorTextLabel',
    'colorTextSecondary',
    'colorTextDescription',
    'colorTextTertiary',
    'colorLink',
    'colorPrimary',
    'colorError',
  ])('%s on the page and on cards', (token) => {
    for (const surface of Object.values(surfaces))
      expect(contrastRatio(hex(tokens[token]!), surface), `${token} ${tokens[token]} on ${surface}`).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
  });

  it('the primary button label on the primary colour', () => {
    const label = theme.antdTheme.components!.Button!.primaryColor as string;
    expect(contrastRatio(label, tokens.colorPrimary!)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('body text on an info alert', () => {
    const alert = hex(tokens.colorInfoBg!);
    expect(contrastRatio(hex(tokens.colorText!), alert)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('the app header and the side menu', () => {
    // The header is the brand colour with the brand's text colour on it (core/layout/app-layout.css).
    const { cssVariables } = theme;
    expect(contrastRatio(cssVariables['--portal-primary-contrast'], cssVariables['--portal-primary'])).toBeGreaterThanOrEqual(
      AA_CONTRAST,
    );
    const menu = theme.antdTheme.components!.Menu!;
    expect(contrastRatio(menu.itemSelectedColor!, menu.itemSelectedBg!)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('text on the secondary colour', () => {
    expect(contrastRatio(theme.secondaryContrast, theme.secondary)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});
