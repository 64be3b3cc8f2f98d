import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiCreateOrganization,
  apiLogin,
  createVerifiedAccount,
  signInAsDemoOwner,
  uniqueName,
  type TestAccount,
} from './support/accounts';
import { COLD_APP_LAYOUT_MS } from './support/portal-config';

/**
 * The core paged table (core/ui/paged-table) as a phone and a laptop show it (issue #35): below 576 px each row is a
 * card whose actions are buttons within the screen's width; at 1366 px no action's label is cut.
 */

/** Nothing on the page reaches past the window's right edge: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** An owner's organisation with one active member, set up through the API as the screens would. */
async function organisationWithMember(request: APIRequestContext) {
  const owner = await createVerifiedAccount(request, 'phone.owner');
  const member = await createVerifiedAccount(request, 'phone.member');
  const organization = uniqueName('Pocket');
  const orgId = await apiCreateOrganization(request, await apiLogin(request, owner), organization);
  const access = await request.post('/v1/organization/access', {
    data: { portalId: 'kreanoAccount', orgId },
    headers: { Authorization: `Bearer ${await apiLogin(request, owner)}` },
  });
  const orgToken = ((await access.json()) as { data: { accessToken: string } }).data.accessToken;
  const invited = await request.post('/v1/organization/member', {
    data: { email: member.email, role: 'member' },
    headers: { Authorization: `Bearer ${orgToken}` },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const invitationId = ((await invited.json()) as { data: { id: string } }).data.id;
  const accepted = await request.post('/v1/organization/invite', {
    data: { orgId, invitationId },
    headers: { Authorization: `Bearer ${await apiLogin(request, member)}` },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return { owner, member, organization };
}

async function enterAs(page: Page, account: TestAccount, organization: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: new RegExp(`^${organization}`) }).click();
  await page.waitForURL(/\/dashboard\/apps$/, { timeout: COLD_APP_LAYOUT_MS });
}

test.describe('on a phone (400 px)', () => {
  test.use({ viewport: { width: 400, height: 860 } });

  test('an owner removes a member from its card, without scrolling sideways', async ({ page, request }) => {
    const { owner, member, organization } = await organisationWithMember(request);
    await enterAs(page, owner, organization);
    await page.goto('/organisation/users');
    // Emails are shortened in the middle; the start is shown.
    const card = page.locator('.paged-table__card').filter({ hasText: member.email.slice(0, 12) });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // Every column's label is on the card, beside its value.
    for (const label of ['Name', 'Email', 'Role', 'Status'])
      await expect(card.locator('dt', { hasText: label }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    const remove = card.getByRole('button', { name: /^Remove / });
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(400);
    await remove.click();
    await page.getByRole('dialog', { name: 'Remove member' }).getByRole('button', { name: 'Remove' }).click();
    await expect(card).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  test('an owner downloads an invoice PDF from the billing history', async ({ page }) => {
    await signInAsDemoOwner(page);
    await page.goto('/billing/history');
    const card = page.locator('.paged-table__card').first();
    await expect(card).toBeVisible({ timeout: COLD_APP_LAYOUT_MS });
    await expectNoSidewaysScroll(page);
    const button = card.getByRole('button', { name: /^Download PDF of / });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(400);
    const download = page.waitForEvent('download');
    await button.click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
});

test.describe("an area's tabs on a phone (400 px)", () => {
  test.use({ viewport: { width: 400, height: 860 } });

  test('in French, the billing tabs stay in one row that scrolls, the current one in sight and the rest faded', async ({
    page,
  }) => {
    await signInAsDemoOwner(page);
    await page.evaluate(() => window.localStorage.setItem('portal-language', 'fr'));
    await page.goto('/billing/subscription');
    const tabs = page.getByRole('navigation', { name: 'Facturation' });
    const current = tabs.locator('[aria-current="page"]');
    await expect(current).toBeVisible({ timeout: COLD_APP_LAYOUT_MS });
    const row = await tabs.evaluate((nav) => {
      const links = [...nav.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
      const box = nav.getBoundingClientRect();
      const active = nav.querySelector('[aria-current="page"]')!.getBoundingClientRect();
      return {
        rows: new Set(links.map((link) => Math.round(link.top))).size,
        overflows: nav.scrollWidth > nav.clientWidth,
        currentInSight: active.left >= box.left - 1 && active.right <= box.right + 1,
        faded: ['left', 'right'].filter((side) => nav.hasAttribute(`data-more-${side}`)),
      };
    });
    expect(row.rows).toBe(1);
    expect(row.overflows).toBe(true);
    expect(row.currentInSight).toBe(true);
    expect(row.faded.length).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('on a laptop (1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test("the members table cuts no action's label", async ({ page }) => {
    await signInAsDemoOwner(page);
    await page.goto('/organisation/users');
    const actions = page.locator('.paged-table__actions .ant-btn');
    await expect(actions.first()).toBeVisible({ timeout: COLD_APP_LAYOUT_MS });
    const cut = await actions.evaluateAll((buttons) =>
      buttons
        .filter((button) => button.scrollWidth > button.clientWidth + 1)
        .map((button) => button.textContent),
    );
    expect(cut).toEqual([]);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('the access-control matrix, wider than the page (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /**
   * How dark a shadow antd's edge elements cast (the matrix container's ::before on the left, ::after on the right):
   * the colour's opacity, 0 for none. antd's own, in colorSplit (0.06), is there but too faint to notice.
   */
  async function edgeShadows(page: Page): Promise<{ left: number; right: number }> {
    const styles = await page.locator('.org-matrix .ant-table-container').evaluate((container) => ({
      left: getComputedStyle(container, '::before').boxShadow,
      right: getComputedStyle(container, '::after').boxShadow,
    }));
    const opacity = (shadow: string) => {
      if (shadow === 'none') return 0;
      const rgba = /rgba\([^)]*,\s*([\d.]+)\)/.exec(shadow);
      return rgba ? Number(rgba[1]) : 1;
    };
    return { left: opacity(styles.left), right: opacity(styles.right) };
  }
  /** Dark enough for a person to see that the matrix goes on. */
  const VISIBLE = 0.25;

  for (const { language, hiddenSide } of [
    { language: 'fr', hiddenSide: 'right' },
    { language: 'ar', hiddenSide: 'left' },
  ] as const) {
    test(`in ${language}, the edge that hides permissions casts a shadow until the matrix is scrolled to it`, async ({
      page,
    }) => {
      await signInAsDemoOwner(page);
      await page.evaluate((chosen) => window.localStorage.setItem('portal-language', chosen), language);
      await page.goto('/organisation/acl');
      const scroller = page.locator('.org-matrix .ant-table-content');
      await expect(scroller).toBeVisible({ timeout: COLD_APP_LAYOUT_MS });
      // The matrix is wider than its card: some permissions are out of sight.
      expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      const otherSide = hiddenSide === 'right' ? 'left' : 'right';
      await expect.poll(async () => (await edgeShadows(page))[hiddenSide]).toBeGreaterThanOrEqual(VISIBLE);
      expect((await edgeShadows(page))[otherSide]).toBe(0);

      // Scrolled to the last permission, nothing is hidden there any more, and the shadow goes.
      await scroller.evaluate((element) => {
        element.scrollLeft =
          getComputedStyle(element).direction === 'rtl' ? -element.scrollWidth : element.scrollWidth;
        element.dispatchEvent(new Event('scroll'));
      });
      await expect.poll(async () => (await edgeShadows(page))[hiddenSide]).toBe(0);
    });
  }
});
