import './fonts';
import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, type ReactNode } from 'react';
import { useService } from '../di/use-service';
import { ThemeStore } from './theme-store';

/**
 * Gives every page the current theme as plain CSS: `--portal-*` variables on `<html>`, and Poppins. antd components
 * get it from {@link AntdThemeProvider}, which only the subtrees that render antd load, so the login page carries no
 * antd runtime (docs/performance.md). Needs a `ServiceProvider` with {@link ThemeStore} above it.
 * @example
 * <ThemeRoot><RouterProvider router={router} /></ThemeRoot>
 * // .hero { background: var(--portal-primary); color: var(--portal-primary-contrast); }
 */
export const ThemeRoot = observer(function ThemeRoot({ children }: { children: ReactNode }) {
  const theme = useService(ThemeStore);

  // Layout effect: the variables must be in place before the first paint, or branded pages flash the preset.
  useLayoutEffect(
    () =>
      autorun(() => {
        const style = document.documentElement.style;
        for (const [name, value] of Object.entries(theme.cssVariables)) style.setProperty(name, value);
      }),
    [theme],
  );

  return children;
});
