/**
 * ProTable draws its search form with pro-form's schema form, whose map of layouts (`FormLayoutType`) imports every
 * layout a schema may ask for: the query filter and light filter a table uses, and also the steps form, with antd's
 * Steps and Progress. So every table page carried the steps form, which only the KYC page shows, and that page
 * imports it itself (docs/performance.md, "Web: first-paint size").
 *
 * This build step rewrites that one module: the steps layouts (`StepsForm`, `StepForm`) become lazy components,
 * fetched the first time a schema form asks for one, inside their own `Suspense` (as build/vite-lazy-pro-fields.ts
 * does for fields). The other layouts stay static (the modal and drawer forms are in the table's chunks anyway);
 * behaviour is the library's.
 */
import { LAZY_COMPONENT_IMPORT } from './lazy-component-import.ts';
import { libraryModuleRewrites } from './library-module-rewrites.ts';

/** Each static import the map reads, and what stands in for it. */
export const LAZY_LAYOUTS: [staticImport: string, lazy: string][] = [
  [
    'import { StepsForm as ProStepsForm } from "../../layouts/StepsForm";',
    'var ProStepsForm = { StepForm: __lazyComponent(function () { return import("../../layouts/StepsForm").then(function (m) { return m.StepsForm.StepForm; }); }) };',
  ],
  [
    'import { Embed, StepsForm } from "./layoutType";',
    'import { Embed } from "./layoutType";\nvar StepsForm = __lazyComponent(function () { return import("./layoutType/StepsForm").then(function (m) { return m.default; }); });',
  ],
];

/** The schema form's module with its steps layouts lazy; throws if the module changed shape. */
export function lazyProFormLayoutsSource(source: string): string {
  const rewritten = LAZY_LAYOUTS.reduce((code, [staticImport, lazy]) => {
    // After an upgrade that changed these imports, fail the build rather than ship the layouts on every table again.
    if (code.split(staticImport).length !== 2) throw new Error(`"${staticImport}" not found once`);
    return code.replace(staticImport, lazy);
  }, source);
  return LAZY_COMPONENT_IMPORT + rewritten;
}

export function lazyProFormLayouts() {
  return libraryModuleRewrites('portal-lazy-pro-form-layouts', [
    { module: '@ant-design/pro-form/es/components/SchemaForm/index.js', rewrite: lazyProFormLayoutsSource },
  ]);
}
