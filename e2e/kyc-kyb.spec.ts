import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { OrganizationListItem } from '../contract/v1/organization';
import {
  apiLogin,
  createVerifiedAccount,
  signInAsDemoOwner,
  uniqueName,
  type TestAccount,
} from './support/accounts';

/**
 * Account verification (issue 15) in real Chromium against the real server and its development provider, which
 * moves a submission from submitted to in review (5 s) to verified (10 s more), or rejects it when a document
 * number or the ABN/ACN ends in 0 (docs/identity-verification.md). Every journey signs up its own account.
 */

/** A document photo made here: a small PNG card with a coloured band, as a camera would give. */
async function documentImage(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: '#f4f4f4' } })
    .composite([
      {
        input: await sharp({ create: { width: 640, height: 80, channels: 3, background: colour } })
          .png()
          .toBuffer(),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

interface AccessAnswer {
  accessToken: string;
  kycStatus: string;
  kybStatus: string;
}

/** The organisation access answer the product family reads (POST /v1/organization/access). */
async function organisationAccess(
  request: APIRequestContext,
  token: string,
  orgId: string,
): Promise<AccessAnswer> {
  const response = await request.post('/v1/organization/access', {
    data: { orgId, portalId: 'kreanoAccount' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: AccessAnswer }).data;
}

async function organisationIds(request: APIRequestContext, token: string) {
  const response = await request.get('/v1/organization-list', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  // The contract's answer (contract/v1/organization.ts OrganizationListData).
  const body = (await response.json()) as { data: { organizationList: OrganizationListItem[] } };
  return body.data.organizationList;
}

async function logIn(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(orgs|dashboard)/);
}

/** The visible step of the KYC form, named by its progress line (the others stay in the page, hidden, with their answers). */
const activeStep = (page: Page) => page.getByRole('group', { name: /^Step \d+ of \d+: / });

/**
 * Picks `option` in the antd select labelled `label` inside `scope`, and waits until the select shows it. Once on
 * CI a pick did not take (the option was clicked, the select still showed its placeholder; most likely a click
 * during the list's opening motion): then the list is closed and the pick made again.
 */
async function choose(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  search = false,
): Promise<void> {
  const box = scope.getByLabel(label, { exact: true });
  // The select's shown value, found from its input (antd: .ant-select > .ant-select-selector > search input + item).
  const shown = box.locator(
    "xpath=ancestor::div[contains(concat(' ', @class, ' '), ' ant-select ')][1]//*[contains(concat(' ', @class, ' '), ' ant-select-selection-item ')]",
  );
  await expect(async () => {
    if (await page.locator('.ant-select-dropdown:visible').count()) await box.press('Escape');
    await box.click();
    if (search) await box.fill(option);
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
      .click({ timeout: 5_000 });
    await expect(shown).toHaveAttribute('title', option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function typeDate(scope: Locator, label: string, value: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

const next = (page: Page) => page.getByRole('button', { name: 'Save and continue' });

async function expectStep(page: Page, text: string): Promise<void> {
  // The first visit loads the form's chunk and the country names: give a busy machine time.
  await expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** The overview follows a submission in progress by itself (the provider works in the background). */
async function waitForStatus(page: Page, panel: string, status: string): Promise<void> {
  await expect(page.getByRole('region', { name: panel }).getByText(status, { exact: true })).toBeVisible({
    timeout: 45_000,
  });
}

test.describe('account verification', () => {
  test('a user completes KYC with a passport and a Medicare card, then sees in review and verified', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const user = await createVerifiedAccount(request, 'kyc.user');
    await logIn(page, user);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account verification' })).toBeVisible();
    const identity = page.getByRole('region', { name: 'Your identity (KYC)' });
    await expect(identity.getByText('Not submitted', { exact: true })).toBeVisible({ timeout: 30_000 });
    await identity.getByRole('link', { name: 'Start identity verification' }).click();

    await expectStep(page, 'Step 1 of 5: Personal details');
    let step = activeStep(page);
    await step.getByLabel('First name', { exact: true }).fill('Jane');
    await step.getByLabel('Last name', { exact: true }).fill('Citizen');
    await choose(page, step, 'Gender', 'Female');
    await typeDate(step, 'Date of birth', '30/04/1990');
    await next(page).click();

    await expectStep(page, 'Step 2 of 5: Address');
    step = activeStep(page);
    await choose(page, step, 'Country', 'Australia', true);
    await step.getByLabel('Street number', { exact: true }).fill('10');
    await step.getByLabel('Street name', { exact: true }).fill('George');
    await choose(page, step, 'Street type', 'Street', true);
    await step.getByLabel('Suburb or town', { exact: true }).fill('Sydney');
    await choose(page, step, 'State or territory', 'New South Wales');
    await step.getByLabel('Post code', { exact: true }).fill('2000');
    await next(page).click();

    await expectStep(page, 'Step 3 of 5: First identity document');
    step = activeStep(page);
    await step.getByText('Passport', { exact: true }).click();
    await choose(page, step, 'Issuing country', 'Australia', true);
    await step.getByLabel('Passport number', { exact: true }).fill('PA1234567');
    await step.getByLabel('First name as printed', { exact: true }).fill('Jane');
    await step.getByLabel('Last name as printed', { exact: true }).fill('Citizen');
    await typeDate(step, 'Date of birth as printed', '30/04/1990');
    await typeDate(step, 'Expiry date', '01/05/2031');
    await step.locator('input[type=file]').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: await documentImage('#1d4e89'),
    });
    await expect(step.getByText('Uploaded: passport.png')).toBeVisible();
    await next(page).click();

    await expectStep(page, 'Step 4 of 5: Second identity document');
    step = activeStep(page);
    await step.getByText('Medicare card', { exact: true }).click();
    await step.getByLabel('Medicare card number', { exact: true }).fill('2123 45670 1');
    await choose(page, step, 'Individual reference number', '1');
    await choose(page, step, 'Card colour', 'Green');
    await step.getByLabel('Name as printed on the card', { exact: true }).fill('JANE CITIZEN');
    await typeDate(step, 'Date of birth as printed', '30/04/1990');
    await typeDate(step, 'Expiry (month and year)', '07/2030');
    await step.locator('input[type=file]').setInputFiles({
      name: 'medicare.png',
      mimeType: 'image/png',
      buffer: await documentImage('#2e7d32'),
    });
    await expect(step.getByText('Uploaded: medicare.png')).toBeVisible();
    await next(page).click();

    await expectStep(page, 'Step 5 of 5: Review and submit');
    await expect(page.getByText('Some names differ from your personal details')).toHaveCount(0);
    await expect(activeStep(page).getByText('passport.png')).toBeVisible();
    await page.getByRole('button', { name: 'Submit for verification' }).click();

    await page.waitForURL(/\/account$/);
    await waitForStatus(page, 'Your identity (KYC)', 'In review');
    await waitForStatus(page, 'Your identity (KYC)', 'Verified');
    await expect(
      page
        .getByRole('region', { name: 'Your identity (KYC)' })
        .getByRole('link', { name: 'View identity verification' }),
    ).toBeVisible();

    // The product family reads the status from the organisation access answer.
    const token = await apiLogin(request, user);
    const personal = (await organisationIds(request, token)).find((org) => org.accountType === 'personal')!;
    expect((await organisationAccess(request, token, personal.organizationId)).kycStatus).toBe('verified');
  });

  test('on a 400 px phone the identity form fits its panel', async ({ page, request }) => {
    const user = await createVerifiedAccount(request, 'kyc.phone');
    await page.setViewportSize({ width: 400, height: 800 });
    await logIn(page, user);
    await page.goto('/account/kyc');
    await expectStep(page, 'Step 1 of 5: Personal details');
    const panel = (await page.locator('.kyc-panel').boundingBox())!;
    for (const label of ['First name', 'Middle name (optional)', 'Last name', 'Gender', 'Date of birth']) {
      const field = (await activeStep(page).getByLabel(label, { exact: true }).boundingBox())!;
      expect(field.x + field.width, label).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  });

  test('an owner submits KYB: an invalid ABN is refused with its message, the corrected one is submitted', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createVerifiedAccount(request, 'kyb.owner');
    const token = await apiLogin(request, owner);
    const name = uniqueName('Verify');
    const created = await request.post('/v1/organization', {
      data: { organizationName: name },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const orgId = ((await created.json()) as { data: { organizationId: string } }).data.organizationId;

    await logIn(page, owner);
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto('/account');
    const business = page.getByRole('region', { name: 'Your business (KYB)' });
    await expect(business.getByText('Not submitted', { exact: true })).toBeVisible({ timeout: 30_000 });
    await business.getByRole('link', { name: 'Start business verification' }).click();
    await expect(page.getByLabel('Company name', { exact: true })).toBeVisible({ timeout: 30_000 });

    await page.getByLabel('First name', { exact: true }).fill('Jane');
    await page.getByLabel('Last name', { exact: true }).fill('Citizen');
    await choose(page, page.locator('form'), 'Country', 'Australia', true);
    await choose(page, page.locator('form'), 'Entity type', 'Company');
    await page.getByLabel('Company name', { exact: true }).fill(name);
    await page.getByLabel('ABN', { exact: true }).fill('51 824 753 557');
    await page.getByLabel('ACN', { exact: true }).fill('000 000 019');
    // A company's ABN usually ends with its ACN: warned, not refused.
    await expect(
      page.getByText("The last 9 digits of a company's ABN are usually its ACN: please check both numbers"),
    ).toHaveCount(0);
    await page.getByLabel('Registered office', { exact: true }).fill('1 George Street, Sydney NSW 2000');
    await page
      .getByLabel('Primary place of business', { exact: true })
      .fill('1 George Street, Sydney NSW 2000');
    const uploads = page.locator('input[type=file]');
    await uploads
      .nth(0)
      .setInputFiles({ name: 'extract.png', mimeType: 'image/png', buffer: await documentImage('#555') });
    await expect(page.getByText('Uploaded: extract.png')).toBeVisible();
    await choose(page, page.locator('form'), 'Registration document type', 'Certificate of registration');
    await uploads.nth(1).setInputFiles({
      name: 'registration.png',
      mimeType: 'image/png',
      buffer: await documentImage('#884400'),
    });
    await expect(page.getByText('Uploaded: registration.png')).toBeVisible();

    // The invalid ABN: the form says what is wrong and will not send it; the server refuses it with the same words.
    await expect(page.getByText('Invalid ABN: please check the number')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit for verification' });
    await expect(submit).toBeDisabled();
    const refused = await request.post('/v1/kyb', {
      headers: { Authorization: `Bearer ${(await organisationAccess(request, token, orgId)).accessToken}` },
      data: {
        firstName: 'Jane',
        lastName: 'Citizen',
        country: 'AU',
        entityType: 'company',
        companyName: name,
        abn: '51 824 753 557',
        acn: '000 000 019',
        registeredOff: '1 George Street',
        primaryLocation: '1 George Street',
        listed: false,
        extractDocumentId: 'none',
        documentType: 'certificateOfRegistration',
        registrationDocumentId: 'none',
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('Invalid ABN: please check the number');

    await page.getByLabel('ABN', { exact: true }).fill('51 824 753 556');
    await expect(page.getByText('Invalid ABN: please check the number')).toHaveCount(0);
    await expect(
      page.getByText("The last 9 digits of a company's ABN are usually its ACN: please check both numbers"),
    ).toBeVisible();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByTestId('verification-status')).toHaveText(/Submitted|In review/);

    await page.goto('/account');
    await waitForStatus(page, 'Your business (KYB)', 'Verified');
    const access = await organisationAccess(request, token, orgId);
    expect(access.kybStatus).toBe('verified');
    expect(access.kycStatus).toBe('notSubmitted');
  });
});

test.describe('the KYC stepper on a laptop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("in French, every step's title reads whole", async ({ page }) => {
    await signInAsDemoOwner(page);
    await page.evaluate(() => window.localStorage.setItem('portal-language', 'fr'));
    await page.goto('/account/kyc');
    const titles = page.locator('.kyc-progress .ant-steps-item-title');
    await expect(titles).toHaveCount(5, { timeout: 30_000 });
    await expect(titles.first()).toHaveText('Informations personnelles');
    // Cut means the text is wider than the box that shows it ("Première pièce d'ider" at 1280 px before).
    const cut = await titles.evaluateAll((elements) =>
      elements.filter((title) => title.scrollWidth > title.clientWidth + 1).map((title) => title.textContent),
    );
    expect(cut).toEqual([]);
  });
});
