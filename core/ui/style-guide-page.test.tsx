import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { createPortalContainer, ServiceProvider } from '../di';
import { ThemeStore } from '../theme/theme-store';
import StyleGuidePage from './style-guide-page';

function renderPage(language = 'en') {
  const user = userEvent.setup();
  // The page gives its antd cards and alerts the portal theme, which it reads from the ThemeStore service.
  const container = createPortalContainer();
  container.constant(ThemeStore, new ThemeStore());
  render(
    <ServiceProvider container={container}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <StyleGuidePage />
      </I18nextProvider>
    </ServiceProvider>,
  );
  return user;
}

// Validation settles over several async renders; a loaded 2-core machine needs more than the 1 s default.
const SLOW = { timeout: 5000 };

// The page renders every antd input several times; in jsdom on the shared 2-core machine that takes seconds.
describe('style guide page (/style)', { timeout: 30_000 }, () => {
  it('shows each control empty, filled, with its real error and disabled', async () => {
    renderPage();
    expect(await screen.findByText('Invalid email', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Style guide' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email (empty)' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Email (filled)' })).toHaveValue('jane@example.com');
    expect(screen.getByRole('textbox', { name: 'Email (error)' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email (disabled)' })).toBeDisabled();
    expect(screen.getByText('Password must be 7 characters at minimum!')).toBeInTheDocument();
    expect(
      screen.getByText('Phone number must have minimum of 7 digits and maximum of 15 digits'),
    ).toBeInTheDocument();
    expect(screen.getByText('Code must be 6 digits')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone number (leading + kept)' })).toHaveValue('+');
    expect(screen.getByText(/press Tab to move from control to control/)).toBeInTheDocument();
  });

  it('shows the submit button disabled, enabled and loading', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: /Continuing…/ }, SLOW)).toBeDisabled();
    const continues = screen.getAllByRole('button', { name: 'Continue' });
    expect(continues).toHaveLength(2);
    await vi.waitFor(
      () => expect(continues.filter((button) => !(button as HTMLButtonElement).disabled)).toHaveLength(1),
      SLOW,
    );
  });

  it('shows the formatting helpers on fixed samples', () => {
    renderPage();
    expect(screen.getByText('01/01/2026 11:00 AM')).toBeInTheDocument();
    expect(screen.getByText('31/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Quarterly statement for the Do...')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
  });

  it('validates the demo form with the shared rules', async () => {
    const user = renderPage();
    const demo = screen.getByRole('button', { name: 'Check the form' }).closest('form')!;
    await user.click(within(demo).getByLabelText('First name'));
    await user.paste('J0hn');
    expect(
      await within(demo).findByText('Enter your first name in format: John Smith', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('is entirely in French when the user reads French', async () => {
    renderPage('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Guide de style' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail (vide)' })).toBeInTheDocument();
    expect(await screen.findByText('Adresse e-mail invalide', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Afficher le mot de passe' }).length).toBeGreaterThan(0);
  });
});
