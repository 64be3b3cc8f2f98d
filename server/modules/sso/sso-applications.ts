import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { importSPKI } from 'jose';
import type { AuditTrail } from '../../audit/audit-trail';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { ssoApplications } from './schema';

export type SsoApplicationRow = typeof ssoApplications.$inferSelect;
export type SsoAlgorithm = SsoApplicationRow['algorithm'];
export const SSO_ALGORITHMS: readonly SsoAlgorithm[] = ['HS256', 'RS256', 'ES256'];

/** HS256 secrets shorter than the hash output make brute-forcing the partner's signature cheaper than it should be. */
export const MIN_SECRET_LENGTH = 32;

export interface SsoApplicationInput {
  id: string;
  name: string;
  algorithm: SsoAlgorithm;
  /** HS256: the shared secret; RS256/ES256: the partner's public key as an SPKI PEM. */
  verificationKey: string;
  redirectUrl: string;
  requireTerms?: boolean;
  requirePassword?: boolean;
  enabled?: boolean;
}

export type SsoApplicationChange = Partial<Omit<SsoApplicationInput, 'id'>>;

/** What may be shown about an application: everything except its key. */
export type SsoApplicationSummary = Omit<SsoApplicationRow, 'verificationKey'> & {
  keyKind: 'shared secret' | 'public key';
};

/** A registry entry that breaks a rule; the message is for the operator. */
export class InvalidSsoApplication extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSsoApplication';
  }
}

const ID = /^[a-z0-9][a-z0-9._-]{1,99}$/;

/** A random HS256 secret to hand to the partner (256 bits, URL-safe). */
export const generateSharedSecret = () => randomBytes(32).toString('base64url');

/** An absolute http(s) URL, or a path on this server (resolved against PUBLIC_URL; demo data only). */
export function checkRedirectUrl(url: string): void {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidSsoApplication(`redirect URL "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new InvalidSsoApplication(`redirect URL must be http(s), got "${parsed.protocol}"`);
  }
}

async function checkKey(algorithm: SsoAlgorithm, key: string): Promise<void> {
  if (!SSO_ALGORITHMS.includes(algorithm))
    throw new InvalidSsoApplication(`algorithm must be one of ${SSO_ALGORITHMS.join(', ')}`);
  if (algorithm === 'HS256') {
    if (key.length < MIN_SECRET_LENGTH)
      throw new InvalidSsoApplication(`an HS256 secret needs at least ${MIN_SECRET_LENGTH} characters`);
    if (key.includes('PRIVATE KEY'))
      throw new InvalidSsoApplication('HS256 takes a shared secret, not a private key');
    return;
  }
  try {
    await importSPKI(key, algorithm);
  } catch {
    throw new InvalidSsoApplication(
      `${algorithm} needs the partner's public key as an SPKI PEM ("-----BEGIN PUBLIC KEY-----")`,
    );
  }
}

/**
 * The partner applications allowed to sign users in (docs/apps-and-sso.md SSO flow), managed by `npm run sso:app` and the seed.
 * Every change is written to the activity trail.
 */
export class SsoApplications {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async find(id: string): Promise<SsoApplicationRow | undefined> {
    const [row] = await this.db.select().from(ssoApplications).where(eq(ssoApplications.id, id));
    return row;
  }

  async list(): Promise<SsoApplicationSummary[]> {
    const rows = await this.db.select().from(ssoApplications).orderBy(asc(ssoApplications.id));
    return rows.map(summarise);
  }

  async create(input: SsoApplicationInput): Promise<SsoApplicationSummary> {
    if (!ID.test(input.id))
      throw new InvalidSsoApplication('id: 2-100 characters, lower-case letters, digits, ".", "_" or "-"');
    if (!input.name.trim()) throw new InvalidSsoApplication('name is required');
    checkRedirectUrl(input.redirectUrl);
    await checkKey(input.algorithm, input.verificationKey);
    if (await this.find(input.id))
      throw new InvalidSsoApplication(`application "${input.id}" already exists`);
    const now = this.clock.now();
    const [row] = await this.db
      .insert(ssoApplications)
      .values({
        id: input.id,
        name: input.name.trim(),
        algorithm: input.algorithm,
        verificationKey: input.verificationKey,
        redirectUrl: input.redirectUrl,
        requireTerms: input.requireTerms ?? false,
        requirePassword: input.requirePassword ?? false,
        enabled: input.enabled ?? true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await this.record('created', row!);
    return summarise(row!);
  }

  async update(id: string, change: SsoApplicationChange): Promise<SsoApplicationSummary> {
    const current = await this.find(id);
    if (!current) throw new InvalidSsoApplication(`no application "${id}"`);
    const next = { ...current, ...definedOnly(change) };
    if (!next.name.trim()) throw new InvalidSsoApplication('name is required');
    checkRedirectUrl(next.redirectUrl);
    if (change.algorithm !== undefined || change.verificationKey !== undefined)
      await checkKey(next.algorithm, next.verificationKey);
    const [row] = await this.db
      .update(ssoApplications)
      .set({ ...definedOnly(change), updatedAt: this.clock.now() })
      .where(eq(ssoApplications.id, id))
      .returning();
    await this.record('updated', row!, { changed: Object.keys(definedOnly(change)) });
    return summarise(row!);
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.db.delete(ssoApplications).where(eq(ssoApplications.id, id)).returning();
    if (removed[0]) await this.record('removed', removed[0]);
    return removed.length > 0;
  }

  private record(action: string, row: SsoApplicationRow, extra: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(null, {
      event: 'sso.application',
      details: { action, applicationId: row.id, ...extra },
    });
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function summarise(row: SsoApplicationRow): SsoApplicationSummary {
  const { verificationKey: _key, ...rest } = row;
  return { ...rest, keyKind: row.algorithm === 'HS256' ? 'shared secret' : 'public key' };
}
