import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code is fetched on its first render, inside its own `Suspense` with no fallback, so nothing
 * around it waits. The build steps that load parts of pro-components and antd on first use put it in place of a
 * static import (build/vite-lazy-pro-fields.ts, build/vite-lazy-pro-form-layouts.ts, build/vite-lazy-antd-tabs.ts,
 * build/vite-lazy-antd-parts.ts);
 * the library's code calls it, so its props are the library component's, whatever they are.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stands in for any library component
export function lazyLibraryComponent(load: () => Promise<ComponentType<any>>): ComponentType<any> {
  const Lazy = lazy(async () => ({ default: await load() }));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  return function LazyLibraryComponent(props: any) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
