const warned = new Set<string>();

/**
 * `console.warn` a deployment or branding problem the portal works around, once per distinct message: the
 * theme is recomputed on every branding change, and the console should not fill with the same line.
 * @example
 * warnOnce('portal.config.json /theme/colors/primary: "navy" is not a hex colour …');
 */
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/** Forget what was warned (tests that expect the same warning twice). */
export function resetWarnings(): void {
  warned.clear();
}
