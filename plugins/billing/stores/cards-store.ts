import { ApiError } from '@core';
import type { Card } from '@contract/v1/billing';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BillingApi } from '../api/billing-api';
import { cardBody, type CardFormValues } from '../format/card-fields';

export type CardsStatus = 'loading' | 'ready' | 'failed';

/** The card processor's own field refused the card in the browser (its message is already in the user's language). */
export class HostedCardRefusal extends Error {
  constructor(
    message: string,
    readonly declined: boolean,
  ) {
    super(message);
    this.name = 'HostedCardRefusal';
  }
}

/** A verification in progress: the card, and the amount the built-in test provider reveals (never a real one). */
export interface Verification {
  card: Card;
  testAmount: number | null;
}

/**
 * The cards on file and what can be done with them: add (a decline keeps the provider's reason for the form),
 * verify by the typed-back amount of a small charge, make primary, delete. Each change answers the new list or card;
 * the list is reloaded so what is shown is what the server keeps.
 * @example
 * const store = new CardsStore(api);
 * useEffect(() => store.start(), [store]);
 */
export class CardsStore {
  status: CardsStatus = 'loading';
  cards: Card[] = [];
  /**
   * Why the last card could not be added: a decline (402, the provider's reason in the user's language, from the
   * server) or another refusal; null otherwise. The add call is silent, so the form shows it.
   */
  addError: { declined: boolean; code?: string; message: string } | null = null;
  /** A card being added, verified, made primary or deleted. */
  busy = false;
  busyId: string | null = null;
  verification: Verification | null = null;

  private life = new AbortController();

  constructor(private readonly api: BillingApi) {
    makeAutoObservable<CardsStore, 'api' | 'life'>(this, { api: false, life: false }, { autoBind: true });
  }

  get primary(): Card | undefined {
    return this.cards.find((card) => card.primary);
  }

  start(): () => void {
    this.life = new AbortController();
    void this.load();
    return () => this.life.abort();
  }

  async load(): Promise<void> {
    this.status = this.cards.length ? this.status : 'loading';
    try {
      const { data } = await this.api.cards(this.life.signal);
      runInAction(() => {
        this.cards = data.cards;
        this.status = 'ready';
      });
    } catch {
      if (this.life.signal.aborted) return;
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** Clears the last refusal (a new card form). */
  resetAddError(): void {
    this.addError = null;
  }

  /**
   * Sends the card to the provider through the server. True once saved; false after a decline or another failure
   * (in {@link addError}).
   */
  async add(values: CardFormValues): Promise<boolean> {
    this.busy = true;
    this.addError = null;
    try {
      await this.api.addCard(cardBody(values), this.life.signal);
      await this.load();
      return true;
    } catch (error) {
      if (this.life.signal.aborted) return false;
      runInAction(() => (this.addError = refusalOf(error)));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /**
   * Adds a card through the processor's own field (PAYMENT_PROVIDER=stripe): the server starts a set-up,
   * `confirm` has the processor confirm it in the browser (3-D Secure included) and answers the saved payment
   * method's id, which is all the server is sent. True once saved; false with the reason in {@link addError}.
   */
  async addHosted(confirm: (clientSecret: string) => Promise<string>): Promise<boolean> {
    this.busy = true;
    this.addError = null;
    try {
      const { data } = await this.api.startCardSetup(this.life.signal);
      const paymentMethodId = await confirm(data.clientSecret);
      await this.api.saveCard({ paymentMethodId }, this.life.signal);
      await this.load();
      return true;
    } catch (error) {
      if (this.life.signal.aborted) return false;
      runInAction(() => (this.addError = refusalOf(error)));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async makePrimary(card: Card): Promise<boolean> {
    return this.run(card.id, async () => {
      const { data } = await this.api.setPrimary(card.id, this.life.signal);
      runInAction(() => (this.cards = data.cards));
    });
  }

  async remove(card: Card): Promise<boolean> {
    return this.run(card.id, async () => {
      const { data } = await this.api.deleteCard(card.id, this.life.signal);
      runInAction(() => (this.cards = data.cards));
    });
  }

  /** Makes the small charge (or reuses the pending one) and opens the typed-back amount. */
  async startVerification(card: Card): Promise<boolean> {
    return this.run(card.id, async () => {
      const { data } = await this.api.startVerification(card.id, this.life.signal);
      runInAction(() => {
        this.verification = { card: data.card, testAmount: data.testAmount ?? null };
        this.cards = this.cards.map((each) => (each.id === data.card.id ? data.card : each));
      });
    });
  }

  /** The typed-back amount, in cents. True once verified. */
  async verify(amount: number): Promise<boolean> {
    const pending = this.verification;
    if (!pending) return false;
    this.busy = true;
    try {
      await this.api.verify({ cardId: pending.card.id, amount }, this.life.signal);
      runInAction(() => (this.verification = null));
      await this.load();
      return true;
    } catch {
      // Shown by the HTTP client (a wrong amount says how many tries are left); reload in case it started again.
      await this.load();
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  closeVerification(): void {
    this.verification = null;
  }

  private async run(id: string, action: () => Promise<void>): Promise<boolean> {
    this.busyId = id;
    try {
      await action();
      return true;
    } catch {
      // Shown by the HTTP client.
      await this.load();
      return false;
    } finally {
      runInAction(() => (this.busyId = null));
    }
  }
}

function refusalOf(error: unknown): CardsStore['addError'] {
  if (error instanceof ApiError)
    return { declined: error.status === 402, code: error.code, message: error.message };
  if (error instanceof HostedCardRefusal) return { declined: error.declined, message: error.message };
  return { declined: false, message: String(error) };
}
