/**
 * A JWT's claims, read without verifying it (the server verifies): for what the portal only schedules or shows.
 * Null for what is not a JWT with a JSON payload.
 */
export function readJwtClaims(token: string | null | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads `iat` and `exp` from a JWT without verifying it: the server verifies, the portal only schedules. */
export function readTokenTimes(
  token: string | null | undefined,
): { issuedAt: number; expiresAt: number } | null {
  const claims = readJwtClaims(token);
  if (typeof claims?.iat !== 'number' || typeof claims.exp !== 'number') return null;
  return { issuedAt: claims.iat * 1000, expiresAt: claims.exp * 1000 };
}
