import { expect, type Page } from '@playwright/test';

/**
 * Turning on the first second factor makes the first recovery codes and shows them once (e2e/recovery-codes.spec.ts
 * looks at them): a journey about something else waits for the ten codes and puts them away with 'I have saved them'.
 */
export async function putAwayFirstRecoveryCodes(page: Page): Promise<void> {
  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10, {
    timeout: 15_000,
  });
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codes).toBeHidden();
}
