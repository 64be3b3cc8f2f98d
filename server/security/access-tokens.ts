import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../clock';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session id: lets logout and reuse detection end access tokens too */
  sid: string;
  org?: string;
  role?: string;
  portal?: string;
}

/** HS256 JWTs carrying iat and exp (the portal's idle timer uses exp minus iat). */
export class AccessTokens {
  /**
   * The key imported once: given raw bytes, jose imports them into WebCrypto on every sign and verify, a cost every
   * authenticated request paid (docs/performance.md, "Where the time went").
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    key: Uint8Array,
    private readonly clock: Clock,
    readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const key = await this.key;
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(key);
  }

  /** Null for anything not signed by us with HS256, expired, or missing the claims we rely on. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      return {
        sub: payload.sub,
        sid: payload.sid,
        org: text(payload.org),
        role: text(payload.role),
        portal: text(payload.portal),
      };
    } catch {
      return null;
    }
  }
}
