import { getConfig } from '@testing-library/react';
import { PAGE_FIND_TIMEOUT_MS, renderWithPortal } from '@tests/render-with-portal';
import { stubAuthPlugin } from '@tests/stub-auth-plugin';

describe('renderWithPortal', () => {
  it('gives findBy… the wait a first page render needs, so tests carry no timeout of their own', async () => {
    const view = await renderWithPortal({ plugins: [stubAuthPlugin], url: '/login' });
    expect(getConfig().asyncUtilTimeout).toBe(PAGE_FIND_TIMEOUT_MS);
    view.dispose();
  });
});
