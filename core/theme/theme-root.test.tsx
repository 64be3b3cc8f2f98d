import { act, render, screen } from '@testing-library/react';
import { Button, Empty, theme as antdTheme } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { createPortalContainer, ServiceProvider } from '../di';
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
          <PrimaryTokenProbe />
          <Button type="primary">Go</Button>
          <Empty />
        </ThemeRoot>
      </I18nextProvider>
    </ServiceProvider>,
  );
}

describe('ThemeRoot', () => {
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

  it('writes the colours as CSS variables on <html> and updates them with branding', () => {
    const store = new ThemeStore();
    renderThemed(store);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--portal-primary')).toBe('#0B1F44');
    expect(style.getPropertyValue('--portal-primary-contrast')).toBe('#FFFFFF');
    expect(style.getPropertyValue('--portal-text-primary')).toBe('#1B2233');

    act(() => store.applyBranding({ primaryColor: '#F1C40F', secondaryColor: '#1A237E', textColor: null }));
    expect(style.getPropertyValue('--portal-primary')).toBe('#F1C40F');
    expect(style.getPropertyValue('--portal-primary-contrast')).toBe('#1B2233');
    expect(style.getPropertyValue('--portal-secondary')).toBe('#1A237E');
    expect(style.getPropertyValue('--portal-secondary-contrast')).toBe('#FFFFFF');
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
});
