import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Values that are not Arabic text keep their own direction on Arabic pages (issue 37 item 6, acceptance 3): English
 * descriptions end with their full stop, hex colours start with '#', IPv6 ranges read '2001:db8::/32', and a credit
 * note's amount is written as Arabic writes money. Each is checked by where the browser draws its characters
 * (the rendered order), not only by its markup, and each page is attached as a screenshot. Logs in as the demo
 * owner (seed data) and only reads.
 */

/** The horizontal centre of the character at `index` of the element's text, as drawn. */
async function charX(element: Locator, index: number): Promise<number> {
  return element.evaluate((node, at) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let offset = at;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const length = text.textContent?.length ?? 0;
      if (offset < length) {
        const range = document.createRange();
        range.setStart(text, offset);
        range.setEnd(text, offset + 1);
        const box = range.getBoundingClientRect();
        return box.left + box.width / 2;
      }
      offset -= length;
    }
    throw new Error(`no character ${at} in "${node.textContent}"`);
  }, index);
}

/** `first` is drawn left of `second` (both indexes into the element's text). */
async function expectDrawnBefore(element: Locator, first: number, second: number): Promise<void> {
  const [a, b] = [await charX(element, first), await charX(element, second)];
  expect(a, `"${await element.textContent()}": character ${first} drawn left of ${second}`).toBeLessThan(b);
}

async function inArabic(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: /Acme Pty Ltd/ }).click();
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Language').selectOption('ar');
  await expect.poll(() => page.evaluate(() => document.dir)).toBe('rtl');
}

async function screenshot(page: Page, name: string, testInfo: import('@playwright/test').TestInfo) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

test.describe('Arabic pages keep every value in its own direction', () => {
  test('apps, branding, organisation settings and billing history (1280 px)', async ({ page }, testInfo) => {
    // Four pages, each opened cold after a sign-in: more than one ordinary test's time on a loaded machine.
    test.setTimeout(300_000);
    await inArabic(page, 1280);

    // Apps: the product's apps in Arabic from the locale files; a partner's English description ends with its
    // full stop, not '.Sync signed documents…'.
    await expect(page.getByRole('article', { name: 'التنقيح بالذكاء الاصطناعي' })).toBeVisible();
    const partner = page.getByRole('article', { name: 'CloudDrive Sync' });
    const description = partner.locator('bdi', { hasText: 'Sync signed documents to your cloud drive.' });
    await expect(description).toBeVisible();
    const text = (await description.textContent())!;
    await expectDrawnBefore(description, 0, text.length - 1);
    await screenshot(page, 'apps', testInfo);

    // Branding: hex colours are fields that read left to right: '#0b1f44', never '0b1f44#'.
    await page.goto('/branding');
    const hexFields = page.locator('input.branding-colour__hex');
    // Each page opens cold (its chunk and its data): on a loaded machine that takes longer than one assertion's wait.
    await expect(hexFields.first()).toBeVisible({ timeout: 60_000 });
    await expect(hexFields).toHaveCount(3);
    for (const field of await hexFields.all()) {
      await expect(field).toHaveValue(/^#[0-9a-fA-F]{6}/);
      await expect(field).toHaveAttribute('dir', 'ltr');
      expect(await field.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
    }
    await screenshot(page, 'branding', testInfo);

    // Organisation settings: the IPv6 example of the hint reads '2001:db8::/32', not 'db8::/32:2001'; the ranges
    // field and the detected address read left to right.
    await page.goto('/organisation/settings');
    const ipv6 = page.locator('bdi[dir="ltr"]', { hasText: '2001:db8::/32' });
    await expect(ipv6).toBeVisible({ timeout: 60_000 });
    await expectDrawnBefore(ipv6, 0, '2001:db8::/32'.length - 1);
    await expect(page.getByRole('textbox', { name: 'العناوين والنطاقات المسموح بها' })).toHaveAttribute(
      'dir',
      'ltr',
    );
    await expect(page.getByTestId('detected-ip').locator('bdi[dir="ltr"]')).toBeVisible();
    await screenshot(page, 'organisation-settings', testInfo);

    // Billing history: descriptions in Arabic from the server; a credit note's amount as Intl writes it for Arabic,
    // its minus sign drawn against its digits, never '$110.00-'.
    await page.goto('/billing/history');
    const creditRow = page.getByRole('row').filter({ hasText: 'إشعار دائن' }).first();
    await expect(creditRow).toBeVisible({ timeout: 60_000 });
    await expect(creditRow.getByText(/^استرداد /)).toBeVisible();
    const amount = creditRow.locator('bdi.billing-money');
    const written = (await amount.textContent())!;
    const major = Number(written.replace(/[^\d.]/g, ''));
    const expected = await page.evaluate(
      (value) => new Intl.NumberFormat('ar', { style: 'currency', currency: 'AUD' }).format(-value),
      major,
    );
    expect(written).toBe(expected);
    expect(written.trim()).not.toMatch(/-$/);
    const minus = written.search(/[-\u2212]/);
    expect(minus).toBeGreaterThanOrEqual(0);
    await expectDrawnBefore(amount, minus, minus + 1);
    // The currency stays whole after the number: 'AU$', never '$AU' or '$' on the number's other side.
    const [code, symbol] = [written.indexOf('A'), written.indexOf('$')];
    await expectDrawnBefore(amount, minus, code);
    await expectDrawnBefore(amount, code, symbol);
    await screenshot(page, 'billing-history', testInfo);
  });
});
