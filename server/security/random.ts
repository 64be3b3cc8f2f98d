import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

export const newId = () => randomUUID();

/** 256 bits, URL-safe: for refresh tokens, mail links and login challenges. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Stored instead of the token: a database leak must not hand out live credentials. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const hmac = (key: Uint8Array, value: string) => createHmac('sha256', key).update(value).digest('base64url');

/** A 6-digit code from the CSPRNG (leading zeros kept). */
export const newSixDigitCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
