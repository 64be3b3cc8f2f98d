import { expect, test } from '@playwright/test';
import { signInAsDemoOwner } from './support/accounts';
import { COLD_APP_LAYOUT_MS } from './support/portal-config';

/**
 * The charts of issue #39 on the demo data, in real Chromium against the real server: Acme's current bucket and
 * pay-as-you-go cap as meters and its year of usage as bars on /billing/subscription, and Demo User's sign-ins of the
 * last 30 days above their log, refused attempts among them (server/modules/*\/seed.ts). Only reads: the demo rows
 * stay as seeded.
 */
test.describe('charts on the demo data', () => {
  test('the subscription page draws the bucket, the cap and 12 months of usage; the user log draws the sign-ins', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemoOwner(page);

    await page.goto('/billing/subscription');
    const usage = page.getByRole('region', { name: 'Usage' });
    const bucket = usage.getByRole('meter', { name: 'Current bucket' });
    await expect(bucket).toBeVisible({ timeout: COLD_APP_LAYOUT_MS });
    await expect(bucket).toHaveAttribute('aria-valuetext', /^[\d,]+ of 5,000 units used \(\d+%\)$/);
    const chart = usage.getByRole('figure', { name: 'Units used, last 12 months' });
    await expect(chart.getByText(/units used in 12 months, 620 of them as pay-as-you-go/)).toBeVisible();
    // The drawing: twelve months of bucket usage, pay-as-you-go stacked on those it fell in (two or three, as the
    // seeded months fall on the calendar).
    await expect(chart.locator('svg rect').first()).toBeVisible();
    expect(await chart.locator('svg rect').count()).toBeGreaterThanOrEqual(14);
    // The outermost drawing (visx writes each axis label in an svg of its own inside it).
    await expect(chart.locator('svg').first()).toHaveAttribute('aria-hidden', 'true');
    await expect(
      chart.getByRole('table', { name: 'Units used, last 12 months' }).getByRole('row'),
    ).toHaveCount(13);
    const cap = page
      .getByRole('region', { name: 'Pay-as-you-go' })
      .getByRole('meter', { name: 'This month against the cap' });
    await expect(cap).toHaveAttribute('aria-valuemax', '50000');
    await expect(cap).toHaveAttribute('aria-valuetext', /^\$[\d.,]+ of \$500\.00 \(\d+%\)$/);

    await page.goto('/user/active-log');
    const signIns = page.getByRole('figure', { name: 'Sign-ins, last 30 days' });
    await expect(signIns).toBeVisible({ timeout: COLD_APP_LAYOUT_MS });
    // The seed's seven refused attempts, and any other spec's since (the demo account is shared).
    const summary = await signIns
      .getByText(/Refused attempts \(wrong password or code\): \d+\./)
      .textContent();
    expect(
      Number(/Refused attempts \(wrong password or code\): (\d+)\./.exec(summary!)![1]),
    ).toBeGreaterThanOrEqual(7);
    await expect(signIns.getByRole('table').getByRole('row')).toHaveCount(31);
    await expect(signIns.locator('svg rect').first()).toBeVisible();
  });
});
