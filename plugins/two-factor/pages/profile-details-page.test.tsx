import { screen, waitFor, within } from '@testing-library/react';
import { clearToasts, endpoint, profileEndpoint, renderTwoFactor, userInfo } from '../testing/two-factor-fixtures';

afterEach(clearToasts);

describe('profile details (/user/details)', () => {
  it('shows the name, the registration date in the region, read-only identity and the editable fields', async () => {
    profileEndpoint();
    await renderTwoFactor('/user/details');
    expect(await screen.findByRole('heading', { name: 'Jane Citizen' })).toBeInTheDocument();
    expect(screen.getByText('Registered since 05/03/2025')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
  });
});
