/**
 * A fresh key for one purchase attempt. The same key is sent again when the same attempt is retried (a timeout, a
 * second click while the first is running), so the server and the provider charge it once; a new attempt, after
 * the previous one ended, gets a new key.
 */
export function newIdempotencyKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers outside a secure context: 128 random bits as hex.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
