/** Reads `iat` and `exp` from a JWT without verifying it: the server verifies, the portal only schedules. */
export function readTokenTimes(token: string | null | undefined): { issuedAt: number; expiresAt: number } | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    if (typeof json.iat !== 'number' || typeof json.exp !== 'number') return null;
    return { issuedAt: json.iat * 1000, expiresAt: json.exp * 1000 };
  } catch {
    return null;
  }
}
