/**
 * Holds the answers of MSW handlers that wait on it, for tests of what a page shows before the server answers (a
 * page opened again shows what it last read, core `RecentAnswers`). Open until `close()`, which returns the release.
 * @example
 * const gate = answerGate();
 * server.use(onEndpoint(endpoints.apps, async () => { await gate.passed(); return HttpResponse.json(...); }));
 * const answerNow = gate.close();
 */
export function answerGate(): { passed: () => Promise<void>; close: () => () => void } {
  let open: Promise<void> = Promise.resolve();
  return {
    passed: () => open,
    close: () => {
      let release!: () => void;
      open = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}
