import { matchLanguage } from './accept-language';

const supported = ['en', 'fr'];

describe('matchLanguage', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,fr;q=0.5,en;q=0.4', 'fr'],
    ['en;q=0.4, fr;q=0.8', 'fr'],
    ['EN-gb', 'en'],
    ['de, en;q=0.1', 'en'],
  ])('"%s" answers in %s', (header, expected) => {
    expect(matchLanguage(header, supported)).toBe(expected);
  });

  it.each([[undefined], [''], ['de-DE'], ['*'], ['fr;q=0'], ['fr;q=abc']])(
    '"%s" names no supported language',
    (header) => {
      expect(matchLanguage(header, supported)).toBeUndefined();
    },
  );

  it('reads a header sent several times', () => {
    expect(matchLanguage(['de', 'fr;q=0.5'], supported)).toBe('fr');
  });
});
