import type { DataExportFormat, DataExportInfo } from '@contract/v1/account-data';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AccountDataApi } from '../api/account-data-api';
import type { DownloadedFile } from '../api/account-data-api';

export type ExportPhase = 'loading' | 'ready' | 'failed';

/** How often the page asks again while the copy is being prepared (the mail says so too, for a closed page). */
export const EXPORT_POLL_MS = 3_000;

/**
 * "Download my data" (docs/account-settings.md): the user's latest copy and its state, asking for a new one, and
 * following one in preparation until it is ready.
 */
export class DataExportStore {
  phase: ExportPhase = 'loading';
  current: DataExportInfo | null = null;
  requesting = false;
  downloading: DataExportFormat | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: AccountDataApi,
    private readonly pollMs = EXPORT_POLL_MS,
  ) {
    makeAutoObservable<DataExportStore, 'api' | 'timer' | 'pollMs'>(this, { api: false, timer: false, pollMs: false });
  }

  get preparing(): boolean {
    return this.current?.status === 'preparing';
  }

  async load(signal?: AbortSignal): Promise<void> {
    try {
      const { data } = await this.api.dataExport(signal);
      runInAction(() => {
        this.current = data.export;
        this.phase = 'ready';
      });
      this.follow(signal);
    } catch {
      if (signal?.aborted) return;
      runInAction(() => (this.phase = 'failed'));
    }
  }

  async request(signal?: AbortSignal): Promise<void> {
    if (this.requesting) return;
    this.requesting = true;
    try {
      const { data } = await this.api.requestDataExport(signal);
      runInAction(() => (this.current = data.export));
      this.follow(signal);
    } catch {
      // The pipeline showed why.
    } finally {
      runInAction(() => (this.requesting = false));
    }
  }

  async download(format: DataExportFormat, signal?: AbortSignal): Promise<DownloadedFile | null> {
    if (!this.current || this.downloading) return null;
    this.downloading = format;
    try {
      return await this.api.download(this.current.id, format, signal);
    } finally {
      runInAction(() => (this.downloading = null));
    }
  }

  /** Stops following a copy in preparation (the page is leaving). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private follow(signal?: AbortSignal): void {
    this.dispose();
    if (!this.preparing || signal?.aborted) return;
    this.timer = setTimeout(() => void this.load(signal), this.pollMs);
  }
}
