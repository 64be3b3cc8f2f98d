import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What is stored for one document: the ciphertext with its nonce and GCM tag. */
export interface SealedDocument {
  iv: Buffer;
  authTag: Buffer;
  content: Buffer;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;

/**
 * AES-256-GCM for documents at rest (docs/identity-verification.md). A fresh 96-bit nonce per document; the
 * document's id is the additional authenticated data, so a ciphertext copied onto another row does not decrypt.
 * A wrong key (or a changed byte) makes `open` throw: GCM's tag does not verify.
 */
export class DocumentCipher {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== KEY_BYTES) throw new Error('The document key must be 32 bytes');
    this.key = Buffer.from(key);
  }

  seal(documentId: string, plain: Buffer): SealedDocument {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(documentId, 'utf8'));
    const content = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, authTag: cipher.getAuthTag(), content };
  }

  open(documentId: string, sealed: SealedDocument): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.iv);
    decipher.setAAD(Buffer.from(documentId, 'utf8'));
    decipher.setAuthTag(sealed.authTag);
    return Buffer.concat([decipher.update(sealed.content), decipher.final()]);
  }

  /** A key for the document links' signatures, derived so the encryption key itself never signs anything. */
  linkKey(): Buffer {
    return createHmac('sha256', this.key).update('identity-document-links').digest();
  }
}

/**
 * The document key: DOCUMENT_ENCRYPTION_KEY (32 bytes as 64 hex digits or base64) when given (needed when several
 * instances share a database), otherwise generated once into DATA_DIR/document-key; a process without a data folder
 * (tests, in-memory database) gets a random key of its own. Never stored in the database.
 */
export function loadDocumentKey(options: {
  fromEnv: string | null | undefined;
  dataDir: string | null;
}): Buffer {
  if (options.fromEnv) return parseKey(options.fromEnv);
  if (!options.dataDir) return randomBytes(KEY_BYTES);
  const file = join(options.dataDir, 'document-key');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    // wx: two processes starting on a fresh folder must not overwrite each other's key.
    try {
      writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseKey(readFileSync(file, 'utf8').trim());
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error('DOCUMENT_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or 44 base64 characters');
  }
  return key;
}

/**
 * Short-lived document links: the token names the document and its expiry and is signed (HMAC-SHA-256), so the
 * server keeps no link rows and a link cannot be made for another document or lengthened.
 */
export class DocumentLinks {
  constructor(private readonly key: Buffer) {}

  issue(documentId: string, expiresAt: Date): string {
    const payload = Buffer.from(`${documentId}.${expiresAt.getTime()}`, 'utf8').toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The document id of a valid, unexpired token; null otherwise. */
  verify(token: string, now: Date): string | null {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [documentId, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
    if (!documentId || !expires || !/^\d+$/.test(expires)) return null;
    return Number(expires) > now.getTime() ? documentId : null;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
