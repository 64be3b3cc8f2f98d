import { HttpClient, inject, injectable, PortalConfig, SessionStore, TokenRefresher } from '@core';
import type { EndpointQuery } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';

export type ActivityQuery = EndpointQuery<Endpoints['activityLogs']>;
export type ActivityExportQuery = EndpointQuery<Endpoints['exportActivityLogs']>;

/** The export answered something other than a CSV file (its status, for the message). */
export class ExportFailed extends Error {
  constructor(readonly status: number) {
    super(`Export failed with ${status}`);
  }
}

/**
 * The activity log's /v1 calls (docs/activity-log.md), one method per endpoint of the contract's table. Failures
 * are shown by the HTTP client; the calls that change something show the server's success message.
 */
@injectable()
export class HttpActivityApi {
  constructor(
    @inject(HttpClient) private readonly http: HttpClient,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(PortalConfig) private readonly config: PortalConfig,
    @inject(TokenRefresher) private readonly refresher: TokenRefresher,
  ) {}

  /** One page of events; silent, the table shows its own error state with a retry. */
  list(query: ActivityQuery, signal?: AbortSignal) {
    return this.http.call(endpoints.activityLogs, { query }, { signal, silent: true });
  }

  sessions(signal?: AbortSignal) {
    return this.http.call(endpoints.userSessions, undefined, { signal, silent: true });
  }

  endSession(sessionId: string, signal?: AbortSignal) {
    return this.http.call(endpoints.endUserSession, { params: { sessionId } }, { signal, showSuccess: true });
  }

  endOtherSessions(signal?: AbortSignal) {
    return this.http.call(endpoints.endOtherUserSessions, undefined, { signal });
  }

  /** Sign-ins per day of `timeZone`, the last 30; silent, the chart says itself when they could not be read. */
  signInHistory(timeZone: string, signal?: AbortSignal) {
    return this.http.call(endpoints.signInHistory, { query: { timeZone } }, { signal, silent: true });
  }

  reportNotMe(id: string, signal?: AbortSignal) {
    return this.http.call(endpoints.reportActivity, { params: { id } }, { signal });
  }

  /**
   * The filtered events as a CSV file. The answer is a file, not the JSON envelope the HTTP client unwraps, so
   * it is fetched directly with the session's bearer token; an expired token is refreshed once, as the client does.
   */
  async exportCsv(query: ActivityExportQuery, signal?: AbortSignal): Promise<Blob> {
    const url = new URL(
      endpoints.exportActivityLogs.path,
      new URL(this.config.apiBaseUrl, window.location.href),
    );
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const send = () =>
      fetch(url, {
        headers: { Authorization: `Bearer ${this.session.accessToken ?? ''}`, Accept: 'text/csv' },
        signal,
      });
    let response = await send();
    if (response.status === 401) {
      await this.refresher.refresh();
      response = await send();
    }
    if (!response.ok) throw new ExportFailed(response.status);
    return response.blob();
  }
}

/** What the activity screens call: {@link HttpActivityApi}'s methods, typed by the endpoint table. */
export { ActivityApi } from './activity-api-token';
