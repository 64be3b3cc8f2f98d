/**
 * A MediaQueryList for jsdom, which has no `matchMedia`: every query answers `matches(query)`, and nothing ever
 * changes. The web setup installs one that matches nothing (a wide screen); a test of a phone layout matches more.
 * @example vi.spyOn(window, 'matchMedia').mockImplementation(fakeMatchMedia((query) => query === PHONE_QUERY));
 */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
