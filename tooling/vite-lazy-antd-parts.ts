/**
 * Three parts of antd that every app route carried for something it shows only on demand (docs/performance.md,
 * "Web: first-paint size"); each becomes a lazy component in its own `Suspense` (core/ui/lazy-library-component.tsx),
 * fetched the first time it renders:
 * - ProLayout's side menu renders inside antd's `Drawer` on a narrow screen only; on a wide one the drawer's code
 *   (rc-drawer, its motion and styles) was never used. On a phone the closed drawer renders at once, so its code
 *   arrives right after first paint, before the menu button can be pressed.
 * - ProLayout's menu shows antd's `Skeleton` while a menu `request` loads; the portal's menu comes from its plugins,
 *   with no request.
 * - antd's Typography imports its editing box (`Editable`: antd's `TextArea`, rc-textarea, rc-input and the input
 *   styles) for `editable` text, which no portal screen uses; every `Typography.Text` and `Title` brought it.
 *
 * Measured saving (npm run size without this step, 2026-11-29): 18.6 KiB gzip on the dashboard, 11.3 on billing
 * history and contracts, 8.4 on the style guide, 1.4-5.8 on the other app routes. Under the 25 KiB a rewrite must
 * save on its own (issue #35), kept for the same reason as vite-pro-locales.ts; plain headings and text instead of
 * antd's Typography in the layout and the dashboard would take the editing box's part without it.
 */
import { lazyAntdNamedImport, lazyDefaultImport } from './lazy-component-import.ts';
import { libraryModuleRewrites } from './library-module-rewrites.ts';

/** ProLayout's side menu with antd's Drawer loaded on first use. */
export function lazyDrawerSource(source: string): string {
  return lazyAntdNamedImport(source, 'Drawer', 'antd/es/drawer');
}

/** ProLayout's menu with antd's Skeleton loaded on first use. */
export function lazySkeletonSource(source: string): string {
  return lazyAntdNamedImport(source, 'Skeleton', 'antd/es/skeleton');
}

/** Typography's base with its editing box loaded on first use; throws if the import changed. */
export function lazyEditableSource(source: string): string {
  return lazyDefaultImport(source, "import Editable from '../Editable';", 'Editable', '../Editable');
}

export function lazyAntdParts() {
  return libraryModuleRewrites('portal-lazy-antd-parts', [
    { module: '@ant-design/pro-layout/es/components/SiderMenu/index.js', rewrite: lazyDrawerSource },
    { module: '@ant-design/pro-layout/es/components/SiderMenu/BaseMenu.js', rewrite: lazySkeletonSource },
    { module: 'antd/es/typography/Base/index.js', rewrite: lazyEditableSource },
  ]);
}
