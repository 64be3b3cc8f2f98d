import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { contrastRatio } from '../core/theme/theme-colors';
import { shippedPresetFiles, validateThemePreset } from './validate-theme-preset';

const files = shippedPresetFiles();
const valid = JSON.parse(readFileSync(files.find((f) => basename(f) === 'default.json')!, 'utf8')) as Record<string, string>;

describe('shipped theme presets', () => {
  it('include the default and a second look', () => {
    expect(files.map((f) => basename(f))).toEqual(expect.arrayContaining(['default.json', 'ocean.json']));
  });

  it.each(files.map((f) => [basename(f), f]))('%s validates against theme-preset.schema.json', (_name, file) => {
    expect(validateThemePreset(JSON.parse(readFileSync(file, 'utf8')))).toEqual([]);
  });

  it.each(files.map((f) => [basename(f), f]))('%s keeps text on its colours readable (WCAG AA, 4.5:1)', (_name, file) => {
    const preset = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(contrastRatio(preset.primary!, preset.primaryContrast!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(preset.secondary!, preset.secondaryContrast!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(preset.textPrimary!, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('theme preset schema', () => {
  it('rejects a bad hex with the path and the reason', () => {
    expect(validateThemePreset({ ...valid, primary: '#12345' })).toEqual([
      { path: '/primary', reason: 'must be a hex colour of 6 or 8 digits, like #0B1F44 (got "#12345")' },
    ]);
  });

  it('rejects named colours and shorthand hex', () => {
    expect(validateThemePreset({ ...valid, secondary: 'teal', textPrimary: '#FFF' }).map((p) => p.path)).toEqual(['/secondary', '/textPrimary']);
  });

  it('accepts #RRGGBBAA', () => {
    expect(validateThemePreset({ ...valid, primary: '#0B1F44CC' })).toEqual([]);
  });

  it('names a missing colour and an unknown key', () => {
    const { primaryContrast: _omit, ...missing } = valid;
    expect(validateThemePreset({ ...missing, accent: '#000000' })).toEqual(
      expect.arrayContaining([
        { path: '/primaryContrast', reason: 'is required' },
        { path: '/accent', reason: 'is not a colour slot of a preset' },
      ]),
    );
  });
});
