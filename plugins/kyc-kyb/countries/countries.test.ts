import { countryLanguage, countryName, loadCountries } from './countries';

describe('countries', () => {
  it('lists every country with its French name, in French order', async () => {
    const list = await loadCountries('fr');
    expect(list.length).toBeGreaterThan(220);
    expect(list).toContainEqual({ value: 'AU', label: 'Australie' });
    expect(list).toContainEqual({ value: 'DE', label: 'Allemagne' });
    const labels = list.map((country) => country.label);
    // Accents sort with their letter: 'Égypte' among the E's, not after Z.
    expect(labels.indexOf('Égypte')).toBeLessThan(labels.indexOf('Espagne'));
    expect(countryName('GB', 'fr')).toBe('Royaume-Uni');
  });

  it('falls back to English names for a language the portal does not ship', async () => {
    expect(countryLanguage('de-AT')).toBe('en');
    const list = await loadCountries('de');
    expect(list).toContainEqual({ value: 'DE', label: 'Germany' });
  });
});
