import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AreaTabs } from './area-tabs';
import { hiddenSides } from './hidden-sides';

const TABS = [
  { key: 'history', to: '/billing/history', label: 'History' },
  { key: 'payments', to: '/billing/payments', label: 'Payment methods' },
  { key: 'purchase', to: '/billing/purchase', label: 'Buy units' },
];

describe('AreaTabs', () => {
  it('is a named navigation of links, the current page marked', () => {
    render(
      <MemoryRouter initialEntries={['/billing/payments']}>
        <AreaTabs label="Billing" tabs={TABS} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Billing' });
    expect(
      [...nav.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['History', '/billing/history'],
      ['Payment methods', '/billing/payments'],
      ['Buy units', '/billing/purchase'],
    ]);
    expect(screen.getByRole('link', { name: 'Payment methods' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'History' })).not.toHaveAttribute('aria-current');
  });
});

describe('hiddenSides: which side of a sideways-scrolling row hides tabs', () => {
  const row = { scrollWidth: 600, clientWidth: 400 };

  it('left to right: the rest on the right at first, on the left at the end, both in between', () => {
    expect(hiddenSides({ ...row, scrollLeft: 0, rtl: false })).toEqual({ left: false, right: true });
    expect(hiddenSides({ ...row, scrollLeft: 100, rtl: false })).toEqual({ left: true, right: true });
    expect(hiddenSides({ ...row, scrollLeft: 200, rtl: false })).toEqual({ left: true, right: false });
  });

  it('right to left (scrollLeft counts down from 0): the rest on the left at first, on the right at the end', () => {
    expect(hiddenSides({ ...row, scrollLeft: 0, rtl: true })).toEqual({ left: true, right: false });
    expect(hiddenSides({ ...row, scrollLeft: -200, rtl: true })).toEqual({ left: false, right: true });
  });

  it('a row that fits hides nothing, whatever the rounding', () => {
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 400.6, clientWidth: 400, rtl: false })).toEqual({
      left: false,
      right: false,
    });
  });
});
