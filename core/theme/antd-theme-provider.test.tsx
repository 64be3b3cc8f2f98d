import { act, render, screen } from '@testing-library/react';
import { Button, Empty, theme as antdTheme } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { createPortalContainer, ServiceProvider } from '../di';
import { AntdThemeProvider, withAntdTheme } from './antd-theme-provider';
import { ThemeRoot } from './theme-root';
import { ThemeStore } from './theme-store';

function PrimaryTokenProbe() {
  const { token } = antdTheme.useToken();
  return (
    <output aria-label="antd tokens">
      {token.colorPrimary} {token.fontFamily}
    </output>
  );
}

function renderThemed(store: ThemeStore, language = 'en') {
  const container = createPortalContainer();
  container.constant(ThemeStore, store);
  return render(
    <ServiceProvider container={container}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <ThemeRoot>
          <AntdThemeProvider>
            <PrimaryTokenProbe />
            <Button type="primary">Go</Button>
            <Empty />
          </AntdThemeProvider>
        </ThemeRoot>
      </I18nextProvider>
    </ServiceProvider>,
  );
}

describe('AntdThemeProvider', () => {
  it('gives antd the preset primary and Poppins, then the organisation primary once branding applies', () => {
    const store = new ThemeStore();
    renderThemed(store);
    const tokens = screen.getByRole('status', { name: 'antd tokens' });
    // antd normalises colours to lower case.
    expect(tokens).toHaveTextContent(/^#0b1f44 Poppins,/i);

    act(() => store.applyBranding({ primaryColor: '#C0392B', secondaryColor: null, textColor: null }));
    expect(tokens).toHaveTextContent(/^#c0392b /i);
    expect(screen.getByRole('button', { name: 'Go' })).toBeInTheDocument();
  });

  it("shows antd's own texts in the portal language", () => {
    renderThemed(new ThemeStore(), 'fr');
    expect(screen.getAllByText('Aucune donnée')).not.toHaveLength(0);
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('shows antd texts in English for English users', () => {
    renderThemed(new ThemeStore(), 'en');
    expect(screen.getAllByText('No data')).not.toHaveLength(0);
  });
  it('themes a page wrapped with withAntdTheme, whose own props still arrive', () => {
    const Page = withAntdTheme(function Page({ label }: { label: string }) {
      return (
        <>
          <PrimaryTokenProbe />
          <Button type="primary">{label}</Button>
        </>
      );
    });
    const container = createPortalContainer();
    container.constant(ThemeStore, new ThemeStore());
    render(
      <ServiceProvider container={container}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <Page label="Continue" />
        </I18nextProvider>
      </ServiceProvider>,
    );
    expect(screen.getByRole('status', { name: 'antd tokens' })).toHaveTextContent(/^#0b1f44 Poppins,/i);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });
});
