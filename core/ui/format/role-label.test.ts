import { createTestI18n } from '../../../tests/setup/test-i18n';
import { roleLabel } from './role-label';

describe('roleLabel', () => {
  it('shows known roles title-cased in English and translated in French', () => {
    expect(roleLabel(createTestI18n('en').t, 'owner')).toBe('Owner');
    expect(roleLabel(createTestI18n('en').t, 'ADMIN')).toBe('Admin');
    expect(roleLabel(createTestI18n('fr').t, 'owner')).toBe('Propriétaire');
  });

  it("title-cases a deployment's own role the locales do not list", () => {
    expect(roleLabel(createTestI18n('fr').t, 'billing_manager')).toBe('Billing Manager');
  });
});
