// antd 5 under React 19 (stack.md): its click wave and static dialogs render through this patch. It loads with
// the theme every antd screen needs, not with the entry: the login page draws no antd (docs/performance.md).
import '@ant-design/v5-patch-for-react-19';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { directionOf } from '../i18n/i18n';
import { useAntdLocale } from './antd-locale';
import { createKeptStyleCache } from './kept-style-cache';
import { useReducedMotion } from './reduced-motion';
import { ThemeStore } from './theme-store';

/**
 * One kept style cache for the page's life: the styles a visited page generated serve its next visit
 * (kept-style-cache.ts). Given through antd's StyleProvider, which merges it into the settings above it (antd's
 * defaults in the portal; the unit tests' detached style container, tests/render-with-portal.tsx).
 */
const KEPT_STYLES = createKeptStyleCache();

/**
 * Gives the antd components below it the portal's theme (colours, Poppins, readable text) and antd's own texts
 * in the current language, without animations for a person who asked their system for less motion. It is not part of {@link ThemeRoot}: antd's ConfigProvider brings its css-in-js
 * runtime (~25 KiB gzip), which the login page, drawn with plain controls, must not pay for (docs/performance.md).
 * Wrap whatever renders antd on an auth or public route with it, from a module that imports antd anyway; the app
 * layout already wraps every app page. Needs {@link ThemeStore} and an i18next provider above it.
 * @example
 * <AntdThemeProvider><Modal open title={t('title')}>…</Modal></AntdThemeProvider>
 */
export const AntdThemeProvider = observer(function AntdThemeProvider({ children }: { children: ReactNode }) {
  const theme = useService(ThemeStore);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = useAntdLocale(language);
  const reducedMotion = useReducedMotion();
  const themeConfig = theme.antdTheme;
  // A new theme object makes antd work out every component's styles again: only when the theme or the setting changes.
  const withMotion = useMemo(
    () => (reducedMotion ? { ...themeConfig, token: { ...themeConfig.token, motion: false } } : themeConfig),
    [themeConfig, reducedMotion],
  );
  return (
    <StyleProvider hashPriority="low" cache={KEPT_STYLES}>
      <ConfigProvider theme={withMotion} locale={locale} direction={directionOf(language)}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
});

/**
 * A page that renders antd, wrapped in {@link AntdThemeProvider}: one line at the page's default export.
 * @example
 * export default withAntdTheme(InvitePage);
 */
export function withAntdTheme<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function AntdThemedPage(props: P) {
    return (
      <AntdThemeProvider>
        <Page {...props} />
      </AntdThemeProvider>
    );
  }
  AntdThemedPage.displayName = `withAntdTheme(${Page.displayName ?? Page.name})`;
  return AntdThemedPage;
}
