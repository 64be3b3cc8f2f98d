import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIDE_EFFECT_FREE } from './side-effect-free-packages.ts';

/** Every .js/.ts/.tsx file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(js|mjs|ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const packagesUnder = (scope: string) =>
  readdirSync(join('node_modules', scope)).map((name) => join('node_modules', scope, name));

describe('react-component packages treated as free of side effects (Rolldown option)', () => {
  it('covers the rc-* and @rc-component/* ES modules, and not packages that do act on import', () => {
    expect(SIDE_EFFECT_FREE.test('/app/node_modules/@rc-component/color-picker/es/ColorPicker.js')).toBe(true);
    expect(SIDE_EFFECT_FREE.test('/app/node_modules/rc-field-form/es/Field.js')).toBe(true);
    // antd's React 19 patch and the metadata polyfill work by being imported.
    expect(SIDE_EFFECT_FREE.test('/app/node_modules/@ant-design/v5-patch-for-react-19/es/index.js')).toBe(false);
    expect(SIDE_EFFECT_FREE.test('/app/node_modules/reflect-metadata/Reflect.js')).toBe(false);
    expect(SIDE_EFFECT_FREE.test('/app/node_modules/antd/es/button/index.js')).toBe(false);
  });

  it('holds because nothing imports one of their modules for its side effects alone', () => {
    const importers = [
      'core',
      'plugins',
      join('node_modules', 'antd', 'es'),
      ...packagesUnder('@ant-design').map((dir) => join(dir, 'es')),
      ...readdirSync('node_modules')
        .filter((name) => name.startsWith('rc-'))
        .map((name) => join('node_modules', name, 'es')),
      ...packagesUnder('@rc-component').map((dir) => join(dir, 'es')),
    ].filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory());
    expect(importers.length).toBeGreaterThan(30);
    const offenders = importers
      .flatMap(sourceFiles)
      .filter((file) => {
        const source = readFileSync(file, 'utf8');
        return [...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].some(([, spec]) =>
          /^(?:rc-|@rc-component\/)/.test(spec!) || (SIDE_EFFECT_FREE.test(file) && !/\.(css|less)$/.test(spec!)),
        );
      });
    expect(offenders).toEqual([]);
  });
});
