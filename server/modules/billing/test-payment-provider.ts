import { createHash } from 'node:crypto';
import { cardLast4, detectCardBrand, normaliseCardNumber } from '../../../contract/v1/billing-rules';
import { TEST_CARDS } from '../../../contract/v1/billing-test-cards';
import { newId } from '../../security/random';
import {
  PaymentDeclined,
  PaymentUnavailable,
  type CardDetails,
  type ChargeRequest,
  type PaymentMethod,
  type PaymentProvider,
  type SavedPaymentMethod,
} from './payment-provider';

/** How a tokenised test card behaves later, written into its token so it survives restarts. */
type Behaviour = 'ok' | 'chargeDeclined' | 'chargeTimeout';

/**
 * The built-in `test` provider (PAYMENT_PROVIDER=test): behaves like a processor's test mode with the numbers of
 * contract/v1/billing-test-cards.ts. Every call takes `delayMs`, like a network round trip. Charges are idempotent
 * by key within the process (a real processor keeps them for a day); the verification amount is derived from the
 * charge id, so any instance can check it.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  readonly revealsTestAmounts = true;
  readonly cardEntry = 'details' as const;
  private readonly charges = new Map<string, Promise<{ chargeId: string }>>();
  /** Every charge that went through, for tests and the dev tools: the processor's side of the books. */
  readonly ledger: { chargeId: string; amount: number; currency: string; idempotencyKey: string }[] = [];

  /** The provider the last server of this process made: tests read its ledger (one charge, not two). */
  static latest: TestPaymentProvider | null = null;

  constructor(private readonly delayMs = 150) {
    TestPaymentProvider.latest = this;
  }

  private pause() {
    return new Promise((resolve) => setTimeout(resolve, this.delayMs));
  }

  async createPaymentMethod(card: CardDetails): Promise<PaymentMethod> {
    await this.pause();
    const number = normaliseCardNumber(card.number);
    const brand = detectCardBrand(number);
    if (!brand) throw new PaymentDeclined('generic');
    const declines: Partial<Record<string, 'insufficientFunds' | 'expiredCard' | 'stolenCard' | 'generic'>> =
      {
        [TEST_CARDS.insufficientFunds]: 'insufficientFunds',
        [TEST_CARDS.expiredCard]: 'expiredCard',
        [TEST_CARDS.stolenCard]: 'stolenCard',
        [TEST_CARDS.declined]: 'generic',
      };
    const decline = declines[number];
    if (decline) throw new PaymentDeclined(decline);
    const behaviour: Behaviour =
      number === TEST_CARDS.chargeDeclined
        ? 'chargeDeclined'
        : number === TEST_CARDS.chargeTimeout
          ? 'chargeTimeout'
          : 'ok';
    return {
      token: `tok_test_${behaviour}_${newId()}`,
      brand,
      last4: cardLast4(number),
      requiresVerification: number === TEST_CARDS.requiresVerification,
    };
  }

  async createCustomer(organization: { id: string }): Promise<string> {
    return `cus_test_${organization.id}`;
  }

  startCardSetup(): Promise<{ clientSecret: string }> {
    return Promise.reject(new Error('The test provider takes card details from the portal form'));
  }

  savedPaymentMethod(): Promise<SavedPaymentMethod> {
    return Promise.reject(new Error('The test provider takes card details from the portal form'));
  }

  async detachPaymentMethod(): Promise<void> {
    // Test tokens live nowhere else.
  }

  charge(request: ChargeRequest): Promise<{ chargeId: string }> {
    // The same key answers the same charge, even while the first call is still in flight.
    const known = this.charges.get(request.idempotencyKey);
    if (known) return known;
    const attempt = this.runCharge(request);
    this.charges.set(request.idempotencyKey, attempt);
    // A failure that charged nothing may be retried with the key.
    attempt.catch(() => this.charges.delete(request.idempotencyKey));
    return attempt;
  }

  private async runCharge(request: ChargeRequest): Promise<{ chargeId: string }> {
    await this.pause();
    const behaviour = behaviourOf(request.token);
    if (behaviour === 'chargeDeclined') throw new PaymentDeclined('insufficientFunds');
    if (behaviour === 'chargeTimeout') throw new PaymentUnavailable('Test provider: charge timed out');
    const chargeId = `ch_test_${newId()}`;
    this.ledger.push({
      chargeId,
      amount: request.amount,
      currency: request.currency,
      idempotencyKey: request.idempotencyKey,
    });
    return { chargeId };
  }

  async refund(request: { chargeId: string; amount: number; idempotencyKey: string }) {
    await this.pause();
    return {
      refundId: `re_test_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`,
    };
  }

  async startVerification(token: string, idempotencyKey: string) {
    const { chargeId } = await this.charge({
      token,
      customerId: null,
      amount: 0,
      currency: 'AUD',
      idempotencyKey,
      description: 'verification',
    });
    return { chargeId, amount: verificationAmount(chargeId) };
  }

  async confirmVerification(_token: string, chargeId: string, amount: number) {
    await this.pause();
    return verificationAmount(chargeId) === amount;
  }
}

function behaviourOf(token: string): Behaviour {
  const match = /^tok_test_(ok|chargeDeclined|chargeTimeout)_/.exec(token);
  return (match?.[1] as Behaviour | undefined) ?? 'ok';
}

/** 1 to 99 cents, fixed by the charge id. */
export function verificationAmount(chargeId: string): number {
  return (createHash('sha256').update(chargeId).digest().readUInt32BE(0) % 99) + 1;
}
