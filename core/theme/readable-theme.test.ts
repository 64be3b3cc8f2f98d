import type { MockInstance } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AA_CONTRAST } from './contrast';
import { readableTheme, themeContrasts } from './readable-theme';
import { sanitizeThemeColors, type ThemeColors } from './theme-colors';
import { ThemeStore, type OrganizationBranding } from './theme-store';
import { resetWarnings } from './warn-once';

const presets = readdirSync('themes')
  .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
  .map((file) => [file, JSON.parse(readFileSync(join('themes', file), 'utf8')) as ThemeColors] as const);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every organisation branding the demo seed writes, read from the server's sources (`branding: { … }` literals
 * with colour strings), so the check follows the seed wherever it lives and sees a branding added later.
 */
function seededBrandings(): [string, OrganizationBranding][] {
  const found: [string, OrganizationBranding][] = [];
  for (const file of sourceFiles('server')) {
    for (const [, body] of readFileSync(file, 'utf8').matchAll(/branding:\s*\{([^}]*)\}/g)) {
      const color = (key: string) => new RegExp(`${key}:\\s*['"]([^'"]*)['"]`).exec(body!)?.[1] ?? null;
      const branding = {
        primaryColor: color('primaryColor'),
        secondaryColor: color('secondaryColor'),
        textColor: color('textColor'),
      };
      if (Object.values(branding).some((value) => value !== null))
        found.push([`${file}: ${body!.trim()}`, branding]);
    }
  }
  return found;
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  resetWarnings();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('the readability rule over what the portal ships', () => {
  it.each(presets)(
    'preset %s already reads at WCAG AA in every pair, so it needs no correction',
    (_file, preset) => {
      const colors = sanitizeThemeColors(preset);
      expect(readableTheme(colors, 'test')).toEqual({ ...colors, link: colors.primary });
      for (const { pair, ratio } of themeContrasts({ ...colors, link: colors.primary }))
        expect(ratio, pair).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('finds the seeded brandings, Acme among them', () => {
    expect(seededBrandings().map(([, branding]) => branding)).toContainEqual({
      primaryColor: '#0b1f44',
      secondaryColor: '#f5a623',
      textColor: '#ffffff',
    });
  });

  const combinations = presets.flatMap(([file, preset]) =>
    seededBrandings().map(([where, branding]) => [file, where, preset, branding] as const),
  );
  it.each(combinations)(
    'preset %s with the branding at %s keeps every text readable',
    (_file, _where, preset, branding) => {
      const theme = new ThemeStore(preset);
      theme.applyBranding(branding);
      for (const { pair, ratio } of themeContrasts(theme))
        expect(ratio, pair).toBeGreaterThanOrEqual(AA_CONTRAST);
      // Body text stays the preset's, whatever the organisation's text colour.
      expect(theme.textPrimary).toBe(sanitizeThemeColors(preset).textPrimary);
    },
  );
});
