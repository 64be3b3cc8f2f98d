import type { RuleResult } from '../../contract/rules';
import {
  validateEmail,
  validateFirstName,
  validateLastName,
  validateOrganizationName,
} from '../../contract/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { AuditTrail } from '../audit/audit-trail';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { insertDefaultRoles } from '../modules/organization-acl/acl-queries';
import { createOrganization } from '../modules/organizations/organization-queries';
import { organizations } from '../modules/organizations/schema';
import { users } from '../modules/users/schema';
import { findUserByEmail, normaliseEmail } from '../modules/users/user-queries';
import type { PasswordHasher } from '../security/password-hasher';
import type { PasswordRules } from '../security/password-rules';
import { newId } from '../security/random';

export interface NewUserAccount {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** A business organisation the user owns, besides the personal one every account has. */
  organization?: string;
}

export interface CreatedUserAccount {
  userId: string;
  personalOrganizationId: string;
  businessOrganizationId: string | null;
}

/**
 * Refused input: each problem as a field and a message, which is a message key of the shared rules
 * (contract/rules, translated by the CLI) or, for what only the operator can get wrong, plain English.
 */
export class InvalidUserAccount extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((problem) => `${problem.field}: ${problem.message}`).join('\n'));
  }
}

export interface CreateUserAccountNeeds {
  db: Db;
  hasher: PasswordHasher;
  passwordRules: PasswordRules;
  clock: Clock;
  audit: AuditTrail;
}

/**
 * An account made by the operator (`npm run user:create`, docs/production.md): the first owner of a production
 * install, which seeds no demo accounts. The same rules as sign-up (contract/rules, the common-password list),
 * the same argon2 hasher, the same organisation queries; the email counts as verified, since the operator typed it.
 */
export async function createUserAccount(
  s: CreateUserAccountNeeds,
  input: NewUserAccount,
): Promise<CreatedUserAccount> {
  const checks: [string, RuleResult | string][] = [
    ['email', validateEmail(input.email.trim())],
    ['firstName', validateFirstName(input.firstName)],
    ['lastName', validateLastName(input.lastName)],
    // An account made here has no second factor yet.
    ['password', s.passwordRules.refusal(input.password, { secondFactor: false })],
    [
      'organization',
      input.organization === undefined ? null : validateOrganizationName(input.organization.trim()),
    ],
  ];
  const problems = checks.flatMap(([field, key]) => (key ? [{ field, message: key }] : []));
  if (problems.length > 0) throw new InvalidUserAccount(problems);

  const email = normaliseEmail(input.email);
  if (await findUserByEmail(s.db, email))
    throw new InvalidUserAccount([{ field: 'email', message: 'this email already has an account' }]);
  // Business names are unique case-insensitively (docs/access-control.md); say so rather than fail on the index.
  if (input.organization !== undefined && (await businessNameTaken(s.db, input.organization.trim())))
    throw new InvalidUserAccount([
      { field: 'organization', message: 'a business organisation already has this name' },
    ]);
  const now = s.clock.now();
  const userId = newId();
  await s.db.insert(users).values({
    id: userId,
    email,
    passwordHash: await s.hasher.hash(input.password),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    language: null,
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const personalOrganizationId = await createOrganization(s.db, {
    name: `${input.firstName.trim()} ${input.lastName.trim()}`,
    accountType: 'personal',
    ownerId: userId,
    now,
  });
  const businessOrganizationId = input.organization
    ? await createOrganization(s.db, {
        name: input.organization.trim(),
        accountType: 'business',
        ownerId: userId,
        now,
      })
    : null;
  if (businessOrganizationId) await insertDefaultRoles(s.db, businessOrganizationId, now);
  await s.audit.record(null, { event: 'register', userId, email, details: { by: 'cli' } });
  return { userId, personalOrganizationId, businessOrganizationId };
}

async function businessNameTaken(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.accountType, 'business'), sql`lower(${organizations.name}) = lower(${name})`))
    .limit(1);
  return Boolean(row);
}
