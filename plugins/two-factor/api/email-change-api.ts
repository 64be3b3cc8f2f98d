import { HttpClient, inject, injectable } from '@core';
import type { EndpointBody } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';

/**
 * Asking for a new login address (docs/account-settings.md#changing-the-email-address). The pipeline asks the user
 * to confirm it is them first when the login is not recent; errors are shown by the HTTP client.
 * @example
 * const { data } = await useService(EmailChangeApi).request({ newEmail }, signal);
 */
@injectable()
export class HttpEmailChangeApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  /** Answers the address the link was sent to; the same whether or not it already has an account. */
  request(body: EndpointBody<typeof endpoints.requestEmailChange>, signal?: AbortSignal) {
    return this.http.call(endpoints.requestEmailChange, { body }, { signal });
  }
}

export { EmailChangeApi } from './email-change-api-token';
