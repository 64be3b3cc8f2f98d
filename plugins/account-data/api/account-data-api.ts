import { HttpClient, inject, injectable, PortalConfig, SessionStore, TokenRefresher } from '@core';
import type { DataExportFormat } from '@contract/v1/account-data';
import { endpointPath } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';

/** The download answered something other than the file (its status, for the message). */
export class DownloadFailed extends Error {
  constructor(readonly status: number) {
    super(`Download failed with ${status}`);
  }
}

/** A downloaded file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * The /v1 calls of "Your data and leaving" (docs/account-settings.md), one method per endpoint of the contract's
 * table. Failures are shown by the HTTP client (a deletion first asks the user to confirm it is them when their
 * login is not recent); the reads that have their own error state are silent.
 */
@injectable()
export class HttpAccountDataApi {
  constructor(
    @inject(HttpClient) private readonly http: HttpClient,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(PortalConfig) private readonly config: PortalConfig,
    @inject(TokenRefresher) private readonly refresher: TokenRefresher,
  ) {}

  profile(signal?: AbortSignal) {
    return this.http.call(endpoints.user, undefined, { signal, silent: true });
  }

  dataExport(signal?: AbortSignal) {
    return this.http.call(endpoints.dataExport, undefined, { signal, silent: true });
  }

  requestDataExport(signal?: AbortSignal) {
    return this.http.call(endpoints.requestDataExport, undefined, { signal, showSuccess: true });
  }

  deletionCheck(signal?: AbortSignal) {
    return this.http.call(endpoints.accountDeletionCheck, undefined, { signal, silent: true });
  }

  deleteAccount(confirmation: string, signal?: AbortSignal) {
    return this.http.call(endpoints.deleteAccount, { body: { confirmation } }, { signal, showSuccess: true });
  }

  /**
   * A ready copy as a file. The answer is a file, not the JSON envelope the HTTP client unwraps, so it is fetched
   * directly with the session's bearer token (never a token in the URL); an expired token is refreshed once, as the
   * client does.
   */
  async download(exportId: string, format: DataExportFormat, signal?: AbortSignal): Promise<DownloadedFile> {
    const url = new URL(
      endpointPath(endpoints.dataExportFile, { exportId }),
      new URL(this.config.apiBaseUrl, window.location.href),
    );
    url.searchParams.set('format', format);
    const send = () =>
      fetch(url, { headers: { Authorization: `Bearer ${this.session.accessToken ?? ''}` }, signal });
    let response = await send();
    if (response.status === 401) {
      await this.refresher.refresh();
      response = await send();
    }
    if (!response.ok) throw new DownloadFailed(response.status);
    const fallback = format === 'json' ? 'account-data.json' : 'account-data.txt';
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), fallback) };
  }
}

/** What the screens call: {@link HttpAccountDataApi}'s methods, typed by the endpoint table. */
export { AccountDataApi } from './account-data-api-token';
