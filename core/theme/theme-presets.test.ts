import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_THEME_COLORS } from './theme-colors';
import { loadConfiguredTheme, loadThemePreset, themePresetNames } from './theme-presets';

describe('theme presets', () => {
  it('lists the shipped presets and not the schema', () => {
    expect(themePresetNames()).toEqual(expect.arrayContaining(['default', 'ocean']));
    expect(themePresetNames()).not.toContain('theme-preset.schema');
  });

  it('loads a preset by name', async () => {
    await expect(loadThemePreset('default')).resolves.toEqual(DEFAULT_THEME_COLORS);
    const ocean = await loadThemePreset('ocean');
    expect(ocean.primary).not.toBe(DEFAULT_THEME_COLORS.primary);
  });

  it('names the available presets when the configured one does not exist', async () => {
    await expect(loadThemePreset('sunset')).rejects.toThrow(/Unknown theme preset "sunset".*default, ocean/);
  });

  it('lays configured colours over the preset, ignoring invalid ones', async () => {
    const colors = await loadConfiguredTheme({
      preset: 'ocean',
      colors: { primary: '#112233', secondary: 'teal' },
    });
    const ocean = await loadThemePreset('ocean');
    expect(colors).toEqual({ ...ocean, primary: '#112233' });
  });

  it('stops the start on a preset file with a bad colour, naming the file, the path and why', async () => {
    const loaders = {
      '/themes/broken.json': async () => ({ ...DEFAULT_THEME_COLORS, primary: 'blue', secondary: '#00AA00' }),
    };
    await expect(loadThemePreset('broken', loaders)).rejects.toMatchObject({
      problems: [
        'themes/broken.json /primary: must be a hex colour of 6 or more digits, like #0B1F44 (got "blue")',
      ],
    });
  });
});

describe('Poppins', () => {
  it('is served from the portal itself: the font CSS points only at bundled files', () => {
    const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fonts.ts'), 'utf8');
    const imports = [...source.matchAll(/^import '([^']+)';$/gm)].map((m) => m[1]!);
    expect(imports).toEqual([
      '@fontsource/poppins/400.css',
      '@fontsource/poppins/500.css',
      '@fontsource/poppins/600.css',
    ]);
    const require = createRequire(import.meta.url);
    for (const file of imports) {
      const css = readFileSync(require.resolve(file), 'utf8');
      const urls = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!);
      expect(urls.length).toBeGreaterThan(0);
      expect(css).not.toMatch(/@import/);
      for (const url of urls) expect(url).toMatch(/^\.\/files\/poppins-[\w-]+\.woff2?$/);
    }
  });
});
