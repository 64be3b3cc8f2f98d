import './fonts';
import { ConfigProvider } from 'antd';
import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { antdLocaleFor } from './antd-locale';
import { ThemeStore } from './theme-store';

/**
 * Gives everything below it the current theme: antd components through `ConfigProvider` (colours,
 * Poppins, antd's texts in the current language) and plain CSS through `--portal-*` variables on `<html>`.
 * Needs a `ServiceProvider` with {@link ThemeStore} and an i18next provider above it.
 * @example
 * <ThemeRoot><RouterProvider router={router} /></ThemeRoot>
 * // .hero { background: var(--portal-primary); color: var(--portal-primary-contrast); }
 */
export const ThemeRoot = observer(function ThemeRoot({ children }: { children: ReactNode }) {
  const theme = useService(ThemeStore);
  const { i18n } = useTranslation();

  // Layout effect: the variables must be in place before the first paint, or branded pages flash the preset.
  useLayoutEffect(
    () =>
      autorun(() => {
        const style = document.documentElement.style;
        for (const [name, value] of Object.entries(theme.cssVariables)) style.setProperty(name, value);
      }),
    [theme],
  );

  return (
    <ConfigProvider theme={theme.antdTheme} locale={antdLocaleFor(i18n.resolvedLanguage ?? i18n.language)}>
      {children}
    </ConfigProvider>
  );
});
