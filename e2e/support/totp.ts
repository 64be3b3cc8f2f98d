import { createHmac } from 'node:crypto';

/**
 * RFC 6238 (SHA-1, 6 digits, 30 s), written from the RFC rather than taken from the server's otplib,
 * so a test proves a real authenticator app would agree with the server.
 */
export function totp(base32Secret: string, atMs = Date.now(), stepSeconds = 30): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not Base32: ${char}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / stepSeconds)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** Milliseconds until the next 30 s step begins: a code already accepted in this step is refused a second time. */
export function msUntilNextStep(nowMs = Date.now(), stepSeconds = 30): number {
  const step = stepSeconds * 1000;
  return step - (nowMs % step);
}
