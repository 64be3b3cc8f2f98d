import enCore from '../../locales/en/core.json';
import frCore from '../../locales/fr/core.json';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('core/ui texts', () => {
  it.each(['validation', 'controls', 'styleGuide'] as const)(
    '%s has the same keys in English and French',
    (section) => {
      const en = leafKeys((enCore as Record<string, unknown>)[section]);
      const fr = leafKeys((frCore as Record<string, unknown>)[section]);
      expect(en.length).toBeGreaterThan(0);
      expect(fr.sort()).toEqual(en.sort());
    },
  );
});
