import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stands in for any library component's props
type LibraryProps = any;

/**
 * A component whose code is fetched on its first render, inside its own `Suspense`, so nothing around it waits; until
 * it arrives it renders `whileLoading(props)`, nothing by default. The build steps that load parts of pro-components
 * and antd on first use put it in place of a static import (build/vite-lazy-pro-fields.ts,
 * build/vite-lazy-pro-form-layouts.ts, build/vite-lazy-antd-tabs.ts, build/vite-lazy-antd-parts.ts,
 * build/vite-lazy-pro-table-parts.ts); the library's code calls it, so its props are the library component's,
 * whatever they are.
 */
export function lazyLibraryComponent(
  load: () => Promise<ComponentType<LibraryProps>>,
  whileLoading: (props: LibraryProps) => ReactNode = () => null,
): ComponentType<LibraryProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyLibraryComponent(props: LibraryProps) {
    return (
      <Suspense fallback={whileLoading(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
