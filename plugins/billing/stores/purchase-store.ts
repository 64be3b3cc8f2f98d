import { ApiError } from '@core';
import type { Card, CatalogueItem, PurchaseData } from '@contract/v1/billing';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BillingApi } from '../api/billing-api';
import { newIdempotencyKey } from '../format/idempotency-key';

export type PurchaseStatus = 'loading' | 'ready' | 'failed';

/**
 * One purchase attempt: the bucket, the idempotency key made when the user chose it, and where it stands. Every
 * send of this attempt (a second click, a retry after a timeout) carries the same key, so the server and the
 * provider charge it at most once; a refusal that is final (a decline) gives the next try a new key.
 */
export interface PurchaseAttempt {
  item: CatalogueItem;
  key: string;
  state: 'confirm' | 'paying' | 'failed' | 'done';
  /** Why the last send failed: the server's message and code. */
  error: { code?: string; message: string } | null;
  result: PurchaseData | null;
}

/** Statuses after which the provider may or may not have charged: the retry must carry the same key. */
function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === null || error.status >= 500 || error.status === 409;
}

/**
 * The purchase page: the catalogue from the server, the primary card it charges, and the attempt in progress.
 * @example
 * const store = new PurchaseStore(api);
 * useEffect(() => store.start(), [store]);
 * store.choose(item); await store.pay();
 */
export class PurchaseStore {
  status: PurchaseStatus = 'loading';
  items: CatalogueItem[] = [];
  cards: Card[] = [];
  attempt: PurchaseAttempt | null = null;

  private life = new AbortController();

  constructor(private readonly api: BillingApi) {
    makeAutoObservable<PurchaseStore, 'api' | 'life'>(this, { api: false, life: false }, { autoBind: true });
  }

  /** The card a purchase charges: the primary one, when it is verified and not expired. */
  get payingCard(): Card | undefined {
    return this.cards.find((card) => card.primary && card.verified && !card.expired);
  }

  start(): () => void {
    this.life = new AbortController();
    void this.load();
    return () => this.life.abort();
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const [catalogue, cards] = await Promise.all([
        this.api.catalogue(this.life.signal),
        this.api.cards(this.life.signal),
      ]);
      runInAction(() => {
        this.items = catalogue.data.items;
        this.cards = cards.data.cards;
        this.status = 'ready';
      });
    } catch {
      if (this.life.signal.aborted) return;
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** Opens the confirmation for `item`: a new attempt with its own key. */
  choose(item: CatalogueItem): void {
    this.attempt = { item, key: newIdempotencyKey(), state: 'confirm', error: null, result: null };
  }

  /** Closes the dialog; not while the payment is on its way (its answer decides what the user must know). */
  dismiss(): void {
    if (this.attempt?.state === 'paying') return;
    this.attempt = null;
  }

  /** Pays the chosen bucket. A second call while the first runs does nothing. */
  async pay(): Promise<void> {
    const attempt = this.attempt;
    if (!attempt || attempt.state === 'paying' || attempt.state === 'done') return;
    attempt.state = 'paying';
    attempt.error = null;
    try {
      const { data } = await this.api.purchase(
        { productId: attempt.item.id, idempotencyKey: attempt.key },
        this.life.signal,
      );
      runInAction(() => {
        attempt.state = 'done';
        attempt.result = data;
      });
    } catch (error) {
      if (this.life.signal.aborted) return;
      runInAction(() => {
        attempt.state = 'failed';
        attempt.error =
          error instanceof ApiError
            ? { code: error.code, message: error.message }
            : { message: String(error) };
        // A final refusal (a decline, a card problem) was not charged: the next try is a new attempt.
        if (!outcomeUnknown(error)) attempt.key = newIdempotencyKey();
      });
    }
  }
}
