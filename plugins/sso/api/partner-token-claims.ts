/**
 * What a partner's sign-in token says about itself, read without verifying it (the server verifies it when it is
 * spent): whom it signs in and when it was issued, for the landing's confirmation. Null for what is not a JWT.
 */
export function readPartnerTokenClaims(token: string): { email: string | null; issuedAt: number | null } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown; iat?: unknown };
    return {
      email: typeof json.email === 'string' ? json.email : null,
      issuedAt: typeof json.iat === 'number' ? json.iat * 1000 : null,
    };
  } catch {
    return null;
  }
}
