import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { installedModulePath } from './installed-module.ts';
import { LAZY_LAYOUTS, lazyProFormLayouts, lazyProFormLayoutsSource } from './vite-lazy-pro-form-layouts.ts';

const schemaFormPath = installedModulePath('@ant-design/pro-form/es/components/SchemaForm/index.js');
const source = readFileSync(schemaFormPath, 'utf8');

describe("the build step that loads pro-form's steps layouts on first use", () => {
  const rewritten = lazyProFormLayoutsSource(source);

  it('leaves no static import of the steps form in the schema form, and keeps the layouts a table uses', () => {
    expect(rewritten).not.toMatch(/^import [^\n]*StepsForm[^\n]*;$/m);
    expect(rewritten).toMatch(/^import \{ Embed \} from "\.\/layoutType";$/m);
    for (const layout of ['QueryFilter', 'LightFilter', 'ProForm', 'ModalForm', 'DrawerForm'])
      expect(rewritten).toMatch(
        new RegExp(`^import \\{ ${layout} \\} from "\\.\\./\\.\\./layouts/${layout}";$`, 'm'),
      );
    // The map still names every layout, so a schema asking for one still gets it.
    expect(rewritten).toMatch(/StepForm: ProStepsForm\.StepForm,\s*StepsForm: StepsForm,/);
  });

  it('loads modules that exist and export what the lazy layouts read', () => {
    const layoutsDir = dirname(schemaFormPath);
    const steps = readFileSync(join(layoutsDir, '../../layouts/StepsForm/index.js'), 'utf8');
    expect(steps).toMatch(/export \{ StepsFormWarp as StepsForm \}/);
    expect(steps).toMatch(/\.StepForm = /);
    expect(existsSync(join(layoutsDir, 'layoutType/StepsForm.js'))).toBe(true);
    expect(readFileSync(join(layoutsDir, 'layoutType/StepsForm.js'), 'utf8')).toMatch(
      /export default StepsForm;/,
    );
  });

  it('writes a module that parses', () => {
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it('fails the build when the schema form no longer imports the steps form as it did', () => {
    for (const [staticImport] of LAZY_LAYOUTS)
      expect(() => lazyProFormLayoutsSource(source.replace(staticImport, ''))).toThrow(/not found once/);
  });

  it('fails the build when the schema form module is never met', () => {
    expect(() => (lazyProFormLayouts().buildEnd as (error?: Error) => void).call({})).toThrow(
      /SchemaForm\/index\.js not found/,
    );
  });
});
