/** Session stores a test rendered; disposed after each test so none keeps persisting into the next. */
const sessions: { dispose(): void }[] = [];

export function trackSession(session: { dispose(): void }): void {
  sessions.push(session);
}

export function disposeTrackedSessions(): void {
  sessions.splice(0).forEach((session) => session.dispose());
}
