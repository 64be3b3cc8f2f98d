import { and, asc, eq } from 'drizzle-orm';
import type { ActivityLogRow } from '../../../contract/v1/activity-log';
import type { Db } from '../../db/database';
import type { ServerI18n } from '../../i18n/server-i18n';
import type { ActivityLogService } from '../activity-log/activity-log-service';
import { organizationRoles } from '../organization-acl/schema';
import { memberships, organizations } from '../organizations/schema';
import { passkeys } from '../passkeys/schema';
import { sessions } from '../sessions/schema';
import { users } from '../users/schema';

/**
 * What a copy of a user's data holds (docs/account-settings.md, "Your data and leaving"). Every field is chosen
 * here, by name, from the rows: never a whole row, so a password hash, a TOTP secret, a passkey's public key or
 * credential id, a refresh-token hash or a code can never reach the file, whatever columns the tables gain later.
 */
export interface AccountExport {
  format: 'account-export/1';
  generatedAt: string;
  profile: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    recoveryEmail: string | null;
    language: string | null;
    registeredAt: string;
    emailVerifiedAt: string | null;
    registeredThroughSso: boolean;
  };
  organisations: {
    id: string;
    name: string;
    accountType: 'personal' | 'business';
    role: string;
    /** A custom role's name; null for the built-in roles. */
    roleName: string | null;
    owner: boolean;
    memberSince: string;
  }[];
  twoFactor: {
    enabled: boolean;
    methods: { type: 'email' | 'authenticatorApp' | 'mobile'; enabled: boolean; setUp: boolean }[];
    passkeys: { name: string; synced: boolean; addedAt: string; lastUsedAt: string | null }[];
  };
  sessions: {
    id: string;
    signedInAt: string;
    expiresAt: string;
    endedAt: string | null;
    endReason: string | null;
    withPasskey: boolean;
    ip: string | null;
    userAgent: string | null;
  }[];
  activity: {
    time: string;
    event: string;
    description: string;
    organisation: string | null;
    target: string | null;
    ip: string | null;
    browser: string | null;
    os: string | null;
  }[];
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const activityEntry = (row: ActivityLogRow): AccountExport['activity'][number] => ({
  time: row.time,
  event: row.eventType,
  description: row.description,
  organisation: row.organization?.name ?? null,
  target: row.target?.name ?? null,
  ip: row.ip,
  browser: row.device.browser,
  os: row.device.os,
});

/** Reads everything the copy holds; null when the account no longer exists. */
export async function collectAccountExport(
  db: Db,
  activityLog: ActivityLogService,
  userId: string,
  language: string,
  now: Date,
): Promise<AccountExport | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const orgs = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      accountType: organizations.accountType,
      ownerId: organizations.ownerId,
      role: memberships.role,
      roleName: organizationRoles.name,
      memberSince: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(
      organizationRoles,
      and(
        eq(organizationRoles.organizationId, memberships.organizationId),
        eq(organizationRoles.roleId, memberships.role),
      ),
    )
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name));
  const keys = await db
    .select({
      name: passkeys.name,
      deviceType: passkeys.deviceType,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  // Logins only (a login's root row has id = family_id); the organisation sessions it opened are part of it.
  const logins = await db
    .select({
      id: sessions.id,
      familyId: sessions.familyId,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokeReason: sessions.revokeReason,
      passkey: sessions.passkey,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const activity: AccountExport['activity'] = [];
  for await (const rows of activityLog.userEvents(userId, language)) activity.push(...rows.map(activityEntry));

  return {
    format: 'account-export/1',
    generatedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      recoveryEmail: user.recoveryMail,
      language: user.language,
      registeredAt: user.createdAt.toISOString(),
      emailVerifiedAt: iso(user.emailVerifiedAt),
      registeredThroughSso: user.isSsoRegistration,
    },
    organisations: orgs.map((org) => ({
      id: org.id,
      name: org.name,
      accountType: org.accountType,
      role: org.ownerId === userId ? 'owner' : org.role,
      roleName: org.roleName,
      owner: org.ownerId === userId,
      memberSince: org.memberSince.toISOString(),
    })),
    twoFactor: {
      enabled: user.twoFactorEnabled,
      methods: [
        { type: 'email', enabled: user.emailTwoFactorEnabled, setUp: true },
        { type: 'authenticatorApp', enabled: user.totpEnabled, setUp: user.totpSetupCompleted },
        { type: 'mobile', enabled: user.otpEnabled, setUp: user.otpSetupCompleted },
      ],
      passkeys: keys.map((key) => ({
        name: key.name,
        synced: key.deviceType === 'multiDevice',
        addedAt: key.createdAt.toISOString(),
        lastUsedAt: iso(key.lastUsedAt),
      })),
    },
    sessions: logins
      .filter((login) => login.id === login.familyId)
      .map((login) => ({
        id: login.id,
        signedInAt: login.createdAt.toISOString(),
        expiresAt: login.expiresAt.toISOString(),
        endedAt: iso(login.revokedAt),
        endReason: login.revokeReason,
        withPasskey: login.passkey,
        ip: login.ip,
        userAgent: login.userAgent,
      })),
    activity,
  };
}

/** `2030-01-15 09:00 UTC`: one unambiguous form for every language of the summary. */
const utc = (value: string | null) => (value ? `${value.slice(0, 16).replace('T', ' ')} UTC` : null);

/**
 * The same copy as plain text a person reads (`accountData.summary.*` of locales/<lang>/server.json): each section
 * with a heading, one line per item.
 */
export function readableSummary(data: AccountExport, i18n: ServerI18n, language: string): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    i18n.t(`accountData.summary.${key}`, language, values);
  const none = t('none');
  const yesNo = (value: boolean) => t(value ? 'yes' : 'no');
  const field = (label: string, value: string | null) => `- ${t(`fields.${label}`)}: ${value ?? none}`;
  const section = (title: string, lines: string[]) => [
    '',
    title,
    '='.repeat(Math.max(3, title.length)),
    ...(lines.length > 0 ? lines : [none]),
  ];
  const roleLabel = (role: string) =>
    i18n.isKey(`activity.roles.${role}`) ? i18n.t(`activity.roles.${role}`, language) : role;
  const { profile } = data;
  return [
    t('title'),
    t('generated', { time: utc(data.generatedAt)! }),
    t('formats'),
    ...section(t('sections.profile'), [
      field('name', `${profile.firstName} ${profile.lastName}`.trim()),
      field('email', profile.email),
      field('phone', profile.phoneNumber),
      field('recoveryEmail', profile.recoveryEmail),
      field('language', profile.language),
      field('registered', utc(profile.registeredAt)),
      field('emailVerified', utc(profile.emailVerifiedAt)),
    ]),
    ...section(
      t('sections.organisations'),
      data.organisations.map((org) =>
        t('organisation', {
          name: org.name,
          type: t(`accountTypes.${org.accountType}`),
          role: org.roleName ?? roleLabel(org.role),
          since: utc(org.memberSince)!,
        }),
      ),
    ),
    ...section(t('sections.twoFactor'), [
      `- ${t('twoFactorEnabled')}: ${yesNo(data.twoFactor.enabled)}`,
      ...data.twoFactor.methods.map((method) => `- ${t(`methods.${method.type}`)}: ${yesNo(method.enabled)}`),
      ...data.twoFactor.passkeys.map((key) =>
        t('passkey', { name: key.name, added: utc(key.addedAt)!, used: utc(key.lastUsedAt) ?? none }),
      ),
    ]),
    ...section(
      t('sections.sessions'),
      data.sessions.map((login) =>
        t('session', {
          time: utc(login.signedInAt)!,
          ip: login.ip ?? none,
          ended: utc(login.endedAt) ?? t('open'),
        }),
      ),
    ),
    ...section(
      t('sections.activity', { count: data.activity.length }),
      data.activity.map((entry) => `- ${utc(entry.time)}: ${entry.description}`),
    ),
    '',
  ].join('\n');
}
