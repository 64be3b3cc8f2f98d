import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Expects a page of an area with tabs (core's AreaPage): the level-1 heading names the area ('Billing'), the
 * area's navigation marks the page's tab ('Payment methods') as the current one. It waits for both: the tabs
 * appear once every contributing plugin's texts are loaded, and after a link the next page may still be loading.
 */
export async function expectAreaPage(area: string, tab: string): Promise<void> {
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1, name: area })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: area });
    expect(within(nav).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
  });
}
