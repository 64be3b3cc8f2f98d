import { HttpClient, inject, injectable } from '@core';
import type { EndpointBody, EndpointQuery } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';

/**
 * The billing plugin's /v1 calls, one method per endpoint of the contract's table, through the portal's one HTTP
 * client. Every call is about the organisation of the caller's access token. Failures are shown by the HTTP client
 * (docs/api-errors.md) except where the screen words them itself (`silent`: a declined card, a purchase); the calls
 * that change something also show the server's success message.
 * @example
 * const { data } = await useService(BillingApi).bills({ offset: 1, limit: 10 }, signal);
 */
@injectable()
export class HttpBillingApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  // Invoices

  bills(query: EndpointQuery<Endpoints['bills']>, signal?: AbortSignal) {
    return this.http.call(endpoints.bills, { query }, { signal });
  }

  billPdf(id: string, signal?: AbortSignal) {
    return this.http.call(endpoints.billPdf, { params: { id } }, { signal });
  }

  // Cards

  cards(signal?: AbortSignal) {
    return this.http.call(endpoints.cards, undefined, { signal });
  }

  /** Silent: a decline is shown inside the card form, with the provider's reason. */
  addCard(body: EndpointBody<Endpoints['addCard']>, signal?: AbortSignal) {
    return this.http.call(endpoints.addCard, { body }, { signal, silent: true });
  }

  /** Silent: the card dialog words a failure itself. PAYMENT_PROVIDER=stripe only. */
  startCardSetup(signal?: AbortSignal) {
    return this.http.call(endpoints.startCardSetup, undefined, { signal, silent: true });
  }

  /** Silent, like addCard: a decline is shown inside the card dialog. */
  saveCard(body: EndpointBody<Endpoints['saveCard']>, signal?: AbortSignal) {
    return this.http.call(endpoints.saveCard, { body }, { signal, silent: true });
  }

  deleteCard(id: string, signal?: AbortSignal) {
    return this.http.call(endpoints.deleteCard, { params: { id } }, { signal, showSuccess: true });
  }

  setPrimary(cardId: string, signal?: AbortSignal) {
    return this.http.call(endpoints.setPrimaryCard, { body: { cardId } }, { signal, showSuccess: true });
  }

  startVerification(cardId: string, signal?: AbortSignal) {
    return this.http.call(endpoints.startCardVerification, { body: { cardId } }, { signal });
  }

  verify(body: EndpointBody<Endpoints['verifyCard']>, signal?: AbortSignal) {
    return this.http.call(endpoints.verifyCard, { body }, { signal, showSuccess: true });
  }

  // Catalogue and purchase

  catalogue(signal?: AbortSignal) {
    return this.http.call(endpoints.catalogue, undefined, { signal });
  }

  /** Silent: the purchase dialog shows the outcome itself and keeps the attempt's key for a retry. */
  purchase(body: EndpointBody<Endpoints['purchase']>, signal?: AbortSignal) {
    return this.http.call(endpoints.purchase, { body }, { signal, silent: true });
  }

  // Contracts, subscription, pay-as-you-go

  contracts(query: EndpointQuery<Endpoints['contracts']>, signal?: AbortSignal) {
    return this.http.call(endpoints.contracts, { query }, { signal });
  }

  subscriptionHistory(query: EndpointQuery<Endpoints['subscriptionHistory']>, signal?: AbortSignal) {
    return this.http.call(endpoints.subscriptionHistory, { query }, { signal });
  }

  setRenewal(autoRenew: boolean, signal?: AbortSignal) {
    return this.http.call(endpoints.setRenewal, { body: { autoRenew } }, { signal, showSuccess: true });
  }

  payAsYouGo(signal?: AbortSignal) {
    return this.http.call(endpoints.payAsYouGo, undefined, { signal });
  }

  activatePayAsYouGo(cap: number, signal?: AbortSignal) {
    return this.http.call(endpoints.activatePayAsYouGo, { body: { cap } }, { signal, showSuccess: true });
  }

  managePayAsYouGo(body: EndpointBody<Endpoints['managePayAsYouGo']>, signal?: AbortSignal) {
    return this.http.call(endpoints.managePayAsYouGo, { body }, { signal, showSuccess: true });
  }

  /** The meters' and chart's numbers; the usage panel says itself when they could not be read. */
  usageHistory(signal?: AbortSignal) {
    return this.http.call(endpoints.usageHistory, undefined, { signal });
  }
}

/** What the billing screens call: {@link HttpBillingApi}'s methods, typed by the endpoint table. */
export { BillingApi } from './billing-api-token';
