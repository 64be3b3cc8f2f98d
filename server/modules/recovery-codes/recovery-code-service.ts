import type { FastifyRequest } from 'fastify';
import type { LoginData } from '../../../contract/v1/auth';
import type {
  RecoveryCodeSecondStepBody,
  RecoveryCodeSet,
  RecoveryCodeStatus,
} from '../../../contract/v1/recovery-codes';
import { badRequest, notFound } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import { SecurityNotices } from '../../mail/security-notices';
import type { Services } from '../../services';
import { LoginService, type LoginServiceNeeds } from '../auth/login-service';
import { hasPasskey } from '../passkeys/passkey-queries';
import type { AuthContext } from '../sessions/session-service';
import { findUserById, type UserRow } from '../users/user-queries';

export const RECOVERY_CODE_MESSAGES = {
  status: 'recoveryCodes.status',
  generated: 'recoveryCodes.generated',
  invalid: 'recoveryCodes.invalid',
  unavailable: 'recoveryCodes.unavailable',
  notFound: 'http.notFound',
} satisfies Record<string, MessageKey>;

/** The `type` of a recovery code in the activity log's second-factor events. */
const SECOND_FACTOR_TYPE = 'recovery-code';

/** The shared services RecoveryCodeService uses. */
export type RecoveryCodeServiceNeeds = LoginServiceNeeds & Pick<Services, 'recentAuth'>;

/**
 * Recovery codes (docs/recovery-codes.md): the signed-in user's status and a new set (after recent authentication,
 * the old set then stops working), and a code as the second step of a password login, counted against the same
 * guess budget as the other second-step codes. A new set and each use mail the account and are in its activity log.
 */
export class RecoveryCodeService {
  private readonly notices: SecurityNotices;
  private readonly login: LoginService;

  constructor(private readonly s: RecoveryCodeServiceNeeds) {
    this.notices = new SecurityNotices(s);
    this.login = new LoginService(s);
  }

  async status(auth: AuthContext): Promise<RecoveryCodeStatus> {
    return this.statusOf(await this.user(auth.userId));
  }

  async generate(auth: AuthContext, request: FastifyRequest): Promise<RecoveryCodeSet> {
    // Codes are a way in without the second factor: making them is as sensitive as setting one up.
    await this.s.recentAuth.require(auth);
    const user = await this.user(auth.userId);
    if (!(await this.hasSecondFactor(user)))
      throw badRequest(RECOVERY_CODE_MESSAGES.unavailable, 'RECOVERY_CODES_UNAVAILABLE');
    const before = await this.s.recoveryCodes.counts(user.id);
    const { codes } = await this.s.recoveryCodes.replace(user.id);
    await this.s.audit.record(request, {
      event: 'recovery-codes.generated',
      userId: user.id,
      details: { count: codes.length, replaced: before.total > 0 },
    });
    this.notices.send(user, 'recoveryCodesGenerated', request);
    return { codes, status: await this.statusOf(user) };
  }

  async secondStep(
    body: RecoveryCodeSecondStepBody,
    request: FastifyRequest,
  ): Promise<{ data: LoginData; msg: string }> {
    const { data, msg, user } = await this.login.completeSecondStep(
      body.tokenId,
      SECOND_FACTOR_TYPE,
      request,
      async (owner) => {
        const codeId = await this.s.recoveryCodes.consume(owner.id, body.code);
        if (!codeId) throw badRequest(RECOVERY_CODE_MESSAGES.invalid, 'RECOVERY_CODE_INVALID');
        return () => this.s.recoveryCodes.giveBack(codeId);
      },
    );
    const { remaining } = await this.s.recoveryCodes.counts(user.id);
    await this.s.audit.record(request, {
      event: 'recovery-codes.used',
      userId: user.id,
      details: { remaining },
    });
    // Whoever used it holds the password too: the owner hears of it, with what is left, in every case.
    this.notices.send(user, 'recoveryCodeUsed', request, { count: remaining });
    return { data, msg };
  }

  private async statusOf(user: UserRow): Promise<RecoveryCodeStatus> {
    const counts = await this.s.recoveryCodes.counts(user.id);
    return {
      total: counts.total,
      remaining: counts.remaining,
      createdAt: counts.createdAt?.toISOString() ?? null,
      secondFactor: await this.hasSecondFactor(user),
    };
  }

  /** Two-factor authentication on, or a passkey: the account has a second factor the codes stand in for. */
  private async hasSecondFactor(user: UserRow): Promise<boolean> {
    return user.twoFactorEnabled || (await hasPasskey(this.s.db, user.id));
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await findUserById(this.s.db, userId);
    if (!user) throw notFound(RECOVERY_CODE_MESSAGES.notFound, 'USER_NOT_FOUND');
    return user;
  }
}
