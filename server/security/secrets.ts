import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The signing key: JWT_SECRET when given (needed when several instances share one database), otherwise
 * generated once into DATA_DIR so tokens survive restarts.
 */
export function loadSigningSecret(options: { fromEnv: string | null; dataDir: string | null }): Uint8Array {
  if (options.fromEnv) {
    if (options.fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(options.fromEnv);
  }
  if (!options.dataDir) return randomBytes(64);
  const file = join(options.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    // wx: two processes racing on a fresh folder must not overwrite each other's key.
    try {
      writeFileSync(file, randomBytes(64).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
