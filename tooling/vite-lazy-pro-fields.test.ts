import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { EAGER_FIELDS, lazyProFieldsSource } from './vite-lazy-pro-fields.ts';

// The installed pro-field, so that an upgrade which changes its index fails here before it reaches a build.
const indexPath = join(dirname(createRequire(import.meta.url).resolve('@ant-design/pro-field/package.json')), 'es/index.js');
const indexDir = dirname(indexPath);
const source = readFileSync(indexPath, 'utf8');
const { index, extras } = lazyProFieldsSource(source, indexDir);

const staticImportOf = (component: string) => new RegExp(`^import [^\\n]* from "\\./components/${component}";$`, 'm');
/** `import FieldX from …` or `import FieldY, { FieldX } from …`. */
const importOf = (field: string) => new RegExp(`^import (?:${field}\\b|Field\\w+, \\{[^}]*\\b${field}\\b)`, 'm');

describe('lazy pro-field components (build step)', () => {
  it('keeps every field the portal renders, and the two pro-table imports, on first paint', () => {
    for (const field of EAGER_FIELDS) {
      expect(source, `${field} is not imported by pro-field's index: a typo would load it lazily`).toMatch(importOf(field));
      expect(index).toMatch(importOf(field));
    }
  });

  it('loads every other field component from one chunk, on first use, with the export the index imported', () => {
    const eagerComponents = new Set(
      [...source.matchAll(/^import (Field\w+)[^\n]* from "\.\/components\/(\w+)";$/gm)]
        .filter(([, field]) => EAGER_FIELDS.has(field))
        .map(([, , component]) => component),
    );
    const lazyComponents = readdirSync(join(indexDir, 'components')).filter((name) => !eagerComponents.has(name));
    expect(lazyComponents).toEqual(expect.arrayContaining(['ColorPicker', 'Cascader', 'TreeSelect', 'Image', 'Rate']));
    for (const component of lazyComponents) {
      expect(index, component).not.toMatch(staticImportOf(component));
      expect(extras).toContain(`from "${indexDir}/components/${component}";`);
    }
    // TimePicker exports two fields: both come from it, each under the name the index used.
    expect(extras).toContain(`export { default as FieldTimePicker } from "${indexDir}/components/TimePicker";`);
    expect(extras).toContain(`export { FieldTimeRangePicker as FieldTimeRangePicker } from "${indexDir}/components/TimePicker";`);
    expect(index).toContain('const FieldColorPicker = __lazyField("FieldColorPicker");');
  });

  it('keeps a module static when it also exports something that is not a component', () => {
    const { index: rewritten } = lazyProFieldsSource(source, indexDir, new Set());
    expect(rewritten).toMatch(/^import FieldSelect, \{ proFieldParsingValueEnumToArray \} from "\.\/components\/Select";$/m);
  });

  it('writes modules that parse, and leaves a source with nothing to rewrite as it is', () => {
    expect(() => parseAst(index)).not.toThrow();
    expect(() => parseAst(extras)).not.toThrow();
    const unrelated = 'import React from "react";\nexport default 1;\n';
    expect(lazyProFieldsSource(unrelated, indexDir)).toEqual({ index: unrelated, extras: '' });
  });
});
