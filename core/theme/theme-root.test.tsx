import { act, render } from '@testing-library/react';
import { createPortalContainer, ServiceProvider } from '../di';
import { ThemeRoot } from './theme-root';
import { ThemeStore } from './theme-store';

function renderThemed(store: ThemeStore) {
  const container = createPortalContainer();
  container.constant(ThemeStore, store);
  return render(
    <ServiceProvider container={container}>
      <ThemeRoot>
        <p>Page</p>
      </ThemeRoot>
    </ServiceProvider>,
  );
}

describe('ThemeRoot', () => {
  it('writes the colours as CSS variables on <html> and updates them with branding', () => {
    const store = new ThemeStore();
    const { getByText } = renderThemed(store);
    expect(getByText('Page')).toBeInTheDocument();
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--portal-primary')).toBe('#0B1F44');
    expect(style.getPropertyValue('--portal-primary-contrast')).toBe('#FFFFFF');
    expect(style.getPropertyValue('--portal-text-primary')).toBe('#1B2233');

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => store.applyBranding({ primaryColor: '#F1C40F', secondaryColor: '#1A237E', textColor: null }));
    // A yellow primary cannot be link text on white: links get a darker shade of it, with a warning.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('primary #F1C40F as link text'));
    warn.mockRestore();
    expect(style.getPropertyValue('--portal-link')).toBe(store.link);
    expect(store.link).not.toBe('#F1C40F');
    expect(style.getPropertyValue('--portal-primary')).toBe('#F1C40F');
    expect(style.getPropertyValue('--portal-primary-contrast')).toBe('#1B2233');
    expect(style.getPropertyValue('--portal-secondary')).toBe('#1A237E');
    expect(style.getPropertyValue('--portal-secondary-contrast')).toBe('#FFFFFF');
  });
});
